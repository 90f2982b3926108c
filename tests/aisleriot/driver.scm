;; Plays one of Aisleriot 3.22's compiled games (the .go file named on the
;; command line) for tests/aisleriot/__init__.py, one command a line on
;; stdin, as Aisleriot's board does it (src/game.c, src/board-noclutter.c):
;;   new B0 .. B51   deal this deck (card bytes, B0 dealt first)
;;   drag SRC N DST  pick up the top N cards of SRC and drop them on DST
;;   click SLOT      click a slot (the stock deals)
;;   legal           every drag and click the game takes now (nothing changes)
;; A command's answer ends with a line "end"; new, drag and click answer
;; ok or refused, then the position: a "pile" line per slot (card bytes,
;; bottom first), the score, whether the game is won, the base rank (0 until
;; it is fixed) and the redeals used (the games' BASE-VAL, api's FLIP-COUNTER).
(use-modules (aisleriot interface) (ice-9 rdelim))

(define game-module (current-module))
(load-compiled (cadr (command-line)))
(define api (resolve-module '(aisleriot api)))
(define (api-call name . args) (apply (module-ref api name) args))
(define (call key . args) (apply (stub-lambda key) args))
(define (true? value) (and value (not (null? value))))

;; A card byte is rank | suit << 4 | 0x80 when face up; Aisleriot's card
;; is (rank suit face-up?) with the same ranks and suits.
(define (byte->card byte)
  (list (logand byte 15) (logand (ash byte -4) 3) (logtest byte 128)))
(define (card->byte card)
  (+ (car card) (ash (cadr card) 4) (if (caddr card) 128 0)))
(define (cards-of id) (cadr (get-slot id)))

;; A position: the slots, the score, and every variable of the game and of
;; (aisleriot api) that holds no procedure (the base, the redeal count...),
;; found once, after the first deal has defined them all.
(define (variables module)
  (let ((found '()))
    (module-for-each
     (lambda (name var)
       (when (variable-bound? var)
         (let ((value (variable-ref var)))
           (unless (or (procedure? value) (macro? value) (module? value))
             (set! found (cons var found))))))
     module)
    found))
(define state-variables #f)
(define (snapshot)
  (unless state-variables
    (set! state-variables (append (variables game-module) (variables api))))
  (list (stub-slots) (stub-score) (map variable-ref state-variables)))
(define (restore! position)
  (for-each (lambda (slot) (set-cards-c! (car slot) (cdr slot))) (car position))
  (update-score (cadr position))
  (for-each variable-set! state-variables (caddr position)))

(define (drag src n dst)
  "As a drag and drop on the board: button-pressed decides the pick-up, the
cards leave SRC, button-released decides the drop or they go back."
  (let ((cards (cards-of src)))
    (and (<= 1 n (length cards))
         (let ((held (list-head cards n)))
           (and (true? (call 'button-pressed src held))
                (begin
                  (api-call 'record-move -1 '())
                  (set-cards-c! src (list-tail cards n))
                  (if (true? (call 'button-released src held dst))
                      (begin (api-call 'end-move) #t)
                      (begin (api-call 'discard-move) (set-cards-c! src cards) #f))))))))
(define (click id)
  (api-call 'record-move -1 '())
  (if (true? (call 'button-clicked id))
      (begin (api-call 'end-move) #t)
      (begin (api-call 'discard-move) #f)))
(define (takes? action)
  "Whether the game takes ACTION (a thunk); the position is put back."
  (let* ((before (snapshot)) (taken (action)))
    (restore! before)
    taken))

(define (legal)
  (let ((ids (map car (stub-slots))))
    (for-each
     (lambda (src)
       (do ((n 1 (+ n 1))) ((> n (length (cards-of src))))
         (when (true? (call 'button-pressed src (list-head (cards-of src) n)))
           (for-each (lambda (dst)
                       (when (takes? (lambda () (drag src n dst)))
                         (format #t "move ~a ~a ~a\n" src n dst)))
                     ids))))
     ids)
    (for-each (lambda (id)
                (when (takes? (lambda () (click id)))
                  (format #t "click ~a\n" id)))
              ids)))

(define (show)
  (for-each (lambda (slot)
              (display "pile")
              (for-each (lambda (card) (display " ") (display (card->byte card)))
                        (reverse (cdr slot)))
              (newline))
            (stub-slots))
  (format #t "score ~a\nwon ~a\nbase ~a\nredeals-used ~a\n"
          (stub-score) (if (true? (call 'winning-game)) 1 0)
          (module-ref game-module 'BASE-VAL) (module-ref api 'FLIP-COUNTER)))
(define (answer taken)
  (display (if taken "ok\n" "refused\n"))
  (show))

(define (deal numbers)
  (let ((deck (map byte->card numbers)))
    (module-set! api 'shuffle-deck (lambda () (module-set! api 'DECK deck)))
    (call 'new-game)
    (api-call 'start-game)
    #t))

(let loop ()
  (let ((line (read-line)))
    (unless (eof-object? line)
      (let* ((words (string-split line #\space))
             (numbers (map string->number (cdr words))))
        (case (string->symbol (car words))
          ((new) (answer (deal numbers)))
          ((drag) (answer (apply drag numbers)))
          ((click) (answer (click (car numbers))))
          ((legal) (legal))
          (else (format #t "unknown command: ~a\n" line)))
        (display "end\n")
        (force-output))
      (loop))))
