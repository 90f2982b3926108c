;; A stand-in for the C half of GNOME Aisleriot 3.22: the (aisleriot interface)
;; module that the sol binary defines (src/game.c, cscm_init) and that the
;; games' compiled code and (aisleriot api) call. Slots, score and the game's
;; callbacks are kept here, as game.c keeps them; nothing is drawn. Written
;; for tests/aisleriot (the engine against Aisleriot's own game code).
(define-module (aisleriot interface)
  #:export (set-feature-word! get-feature-word set-statusbar-message-c reset-surface
            add-slot get-slot set-cards-c! set-slot-y-expansion! set-slot-x-expansion!
            set-lambda set-lambda! aisleriot-random click-to-move? update-score
            get-timeout set-timeout! delayed-call undo-set-sensitive redo-set-sensitive
            dealable-set-sensitive
            stub-slots stub-lambda stub-score))

(define slots (make-hash-table))   ; slot id -> cards, top card first (c2scm_deck)
(define slot-order '())            ; ids, last added first
(define lambdas (make-hash-table)) ; callback name -> procedure
(define features 0)
(define score 0)
(define droppable-bit 1)           ; api.scm's droppable-feature
(define dealable-bit 4)            ; api.scm's dealable-feature

(define (stub-slots)
  "The slots in the order the game added them: (id . cards) pairs."
  (map (lambda (id) (cons id (hash-ref slots id))) (reverse slot-order)))
(define (stub-lambda key) (hash-ref lambdas key))
(define (stub-score) score)

(define (set-feature-word! word) (set! features word) '())
(define (get-feature-word) features)
(define (set-statusbar-message-c message) '())
(define (reset-surface)
  (hash-clear! slots)
  (set! slot-order '())
  '())
(define (add-slot data)
  (set! slot-order (cons (car data) slot-order))
  (hash-set! slots (car data) (or (cadr data) '()))
  '())
(define (get-slot id)
  (if (hash-ref slots id #f) (list id (hash-ref slots id)) '()))
(define (set-cards-c! id cards)
  (hash-set! slots id (or cards '()))
  #t)
(define (set-slot-y-expansion! id value) '())
(define (set-slot-x-expansion! id value) '())

(define (set-lambda . procs)
  "As scm_set_lambda: eleven callbacks, then droppable? and dealable? when
the game's features name them."
  (for-each (lambda (key proc) (hash-set! lambdas key proc))
            '(new-game button-pressed button-released button-clicked
              button-double-clicked game-over winning-game hint get-options
              apply-options timeout)
            (list-head procs 11))
  (let loop ((rest (list-tail procs 11))
             (keys (append (if (logtest features droppable-bit) '(droppable) '())
                           (if (logtest features dealable-bit) '(dealable) '()))))
    (unless (or (null? rest) (null? keys))
      (hash-set! lambdas (car keys) (car rest))
      (loop (cdr rest) (cdr keys))))
  '())
(define (set-lambda! key proc) (hash-set! lambdas key proc) '())

(define (aisleriot-random range)
  (error "aisleriot-random: the driver gives the deck, nothing is shuffled"))
(define (click-to-move?) #f)
(define (update-score new) (set! score new) '())
(define (get-timeout) 3600)
(define (set-timeout! seconds) seconds)
(define (delayed-call proc) (proc) #t)  ; at once: no main loop here
(define (undo-set-sensitive state) '())
(define (redo-set-sensitive state) '())
(define (dealable-set-sensitive state) '())
