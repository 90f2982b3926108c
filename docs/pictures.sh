#!/usr/bin/env bash
# Remake the README's pictures with the simulator's headless mode: each game
# part-way through its golden winning line (tests/golden/win-keys.json), the
# CLUE's menu and the title screen, each run on a fresh save file.
set -euo pipefail
cd "$(dirname "$0")/.."
PATH="$PWD/.venv/bin:$PATH"  # the Quick start's environment, active or not
saves=$(mktemp -d)
trap 'rm -rf "$saves"' EXIT
win() {  # GAME PRESSES: the deal and the first PRESSES keys of its winning line
    python3 -c "import json,sys; w=json.load(open('tests/golden/win-keys.json'))[sys.argv[1]]; print(w['deal'], ' '.join(w['keys'].split()[:int(sys.argv[2])]))" "$1" "$2"
}
shot() {  # GAME PRESSES
    read -r deal keys <<< "$(win "$1" "$2")"
    patience-sim --headless --save "$saves/$1.nvm" --game "$1" --deal "$deal" --keys "$keys" \
        --shot "docs/$1.png" --shot-scale 3
}
shot eagle-wing 60
shot agnes 50
shot glenwood 90
shot chessboard 120
patience-sim --headless --save "$saves/clue.nvm" --board clue --game agnes --deal 3 --keys "a+b" \
    --shot docs/menu-clue.png --shot-scale 2
patience-sim --headless --save "$saves/title.nvm" --shot docs/title.png --shot-scale 3
