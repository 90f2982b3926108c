#!/usr/bin/env bash
# Remake the README's pictures with the simulator's headless mode.
set -euo pipefail
cd "$(dirname "$0")/.."
keys() { python3 -c "import json,sys; print(' '.join(json.load(open('tests/golden/win-keys.json'))[sys.argv[1]]['keys'].split()[:int(sys.argv[2])]))" "$1" "$2"; }
patience-sim --headless --game eagle-wing --deal 5 --keys "$(keys eagle-wing 120)" --shot docs/eagle-wing.png --shot-scale 3
patience-sim --headless --game agnes --deal 3 --keys "right down a right right a left left up up a" --shot docs/agnes.png --shot-scale 3
patience-sim --headless --game glenwood --deal 1 --keys "$(keys glenwood 160)" --shot docs/glenwood.png --shot-scale 3
patience-sim --headless --game chessboard --deal 8 --keys "$(keys chessboard 400)" --shot docs/chessboard.png --shot-scale 3
patience-sim --headless --board clue --game agnes --deal 3 --keys "start" --shot docs/menu-clue.png --shot-scale 2
patience-sim --headless --shot docs/title.png --shot-scale 3
