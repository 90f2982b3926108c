"""GNOME Aisleriot 3.22's own game code, played from Python.

docs/rules.md settles the four games by what Aisleriot 3.22 (the reference
implementation) allows. This package runs that program's compiled game
files (``eagle-wing.go``, ``agnes.go``, ``glenwood.go``, ``chessboard.go``
and ``aisleriot/api.go``, from Debian's ``aisleriot`` package) in Guile
3.0, with ``stub/aisleriot/interface.scm`` standing in for the C half of
Aisleriot and ``driver.scm`` doing what its board does on a drag, a drop
and a click. Nothing of Aisleriot is kept in this repository: the package
is downloaded (``apt-get download``) and unpacked into the user's cache.

    game = Aisleriot("agnes")         # Unavailable (with the reason) if it cannot be had
    game.deal(deck)                   # 52 card bytes, deck[0] dealt first
    game.legal()                      # ({(src, n, dst), ...}, {slot clicked, ...})
    game.drag(5, 1, 2)                # True if taken; then game.piles, .score, .won,
                                      # .base (0 until fixed), .redeals_used
"""

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = "aisleriot"
VERSION_PREFIX = "1:3.22."        # the release docs/rules.md was written from
GUILE_PACKAGE = "guile-3.0"       # the Guile the package's .go files were compiled by
GAME_FILES = ("eagle-wing.go", "agnes.go", "glenwood.go", "chessboard.go", "aisleriot/api.go")


class Unavailable(Exception):
    """Guile or Aisleriot's game files cannot be had on this machine."""


def _cache():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "circuit-patience" / "aisleriot-3.22"


def _run(args, timeout=600, cwd=None):
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    except (OSError, subprocess.TimeoutExpired) as error:
        return False, str(error)
    return done.returncode == 0, (done.stdout + done.stderr)[-2000:]


def _apt(*args, cwd=None):
    """Run apt-get; once more after ``apt-get update`` if it fails."""
    if shutil.which("apt-get") is None:
        raise Unavailable("no apt-get here to %s %s" % (args[0], args[-1]))
    ok, out = _run(["apt-get", *args], cwd=cwd)
    if not ok:
        _run(["apt-get", "update", "-q"])
        ok, out = _run(["apt-get", *args], cwd=cwd)
    if not ok:
        raise Unavailable("apt-get %s failed:\n%s" % (" ".join(args), out))


def guile():
    """The guile command, installed with apt-get if missing."""
    found = shutil.which("guile")
    if found is None:
        _apt("install", "-y", "-q", GUILE_PACKAGE)
        found = shutil.which("guile")
    if found is None:
        raise Unavailable("%s installed but no guile command found" % GUILE_PACKAGE)
    ok, out = _run([found, "--version"], timeout=60)
    if not ok or " 3.0." not in out.splitlines()[0]:
        raise Unavailable("Aisleriot's .go files need Guile 3.0; %s says: %s" % (found, out[:200]))
    return found


def games_dir():
    """The folder of Aisleriot's compiled games, fetched into the cache once."""
    root = _cache()
    found = _games_in(root)
    if found:
        return found
    if shutil.which("dpkg-deb") is None:
        raise Unavailable("no dpkg-deb here to unpack Debian's %s package" % PACKAGE)
    with tempfile.TemporaryDirectory() as folder:
        _apt("download", PACKAGE, cwd=folder)
        debs = glob.glob(os.path.join(folder, "*.deb"))
        version = Path(debs[0]).name.split("_")[1].replace("%3a", ":") if debs else "none"
        if not version.startswith(VERSION_PREFIX):
            raise Unavailable("Debian's %s is %s, not 3.22 (docs/rules.md's reference)" % (PACKAGE, version))
        unpacked = Path(folder) / "root"
        ok, out = _run(["dpkg-deb", "-x", debs[0], str(unpacked)])
        if not ok:
            raise Unavailable("dpkg-deb could not unpack %s: %s" % (debs[0], out))
        games = _games_in(unpacked)
        if not games:
            raise Unavailable("%s %s has no %s" % (PACKAGE, version, ", ".join(GAME_FILES)))
        if root.exists():
            shutil.rmtree(root)
        for name in GAME_FILES:  # only what the tests load
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(games / name, root / name)
    return _games_in(root)


def _games_in(folder):
    for api in sorted(Path(folder).glob("**/aisleriot/api.go")):
        games = api.parent.parent
        if all((games / name).is_file() for name in GAME_FILES):
            return games
    return None


class Aisleriot:
    """One game of Aisleriot's, running in its own Guile process."""

    def __init__(self, name):
        games = games_dir()
        env = dict(os.environ, GUILE_WARN_DEPRECATED="no", GUILE_AUTO_COMPILE="0")
        self.process = subprocess.Popen(
            [guile(), "--no-auto-compile", "-L", str(HERE / "stub"), "-C", str(games),
             str(HERE / "driver.scm"), str(games / (name + ".go"))],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=env)
        self.name = name
        self.piles, self.score, self.won, self.base, self.redeals_used = (), 0, False, 0, 0

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)

    def deal(self, deck):
        return self._act("new " + " ".join(str(card) for card in deck))

    def drag(self, src, n, dst):
        return self._act("drag %d %d %d" % (src, n, dst))

    def click(self, slot):
        return self._act("click %d" % slot)

    def legal(self):
        """Every drag (src, n, dst) and every slot click the game takes now."""
        moves, clicks = set(), set()
        for line in self._ask("legal"):
            word, *numbers = line.split()
            if word == "move":
                moves.add(tuple(int(number) for number in numbers))
            else:
                clicks.add(int(numbers[0]))
        return moves, clicks

    def _act(self, command):
        lines = self._ask(command)
        piles = []
        for line in lines[1:]:
            word, *numbers = line.split()
            if word == "pile":
                piles.append(bytes(int(number) for number in numbers))
            elif word == "score":
                self.score = int(numbers[0])
            elif word == "won":
                self.won = numbers[0] == "1"
            elif word == "base":
                self.base = int(numbers[0])
            elif word == "redeals-used":
                self.redeals_used = int(numbers[0])
        self.piles = tuple(piles)
        return lines[0] == "ok"

    def _ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("Aisleriot's %s stopped after %r:\n%s"
                                   % (self.name, command, self.process.stderr.read()[-3000:]))
            if line == "end\n":
                return lines
            if line.startswith("unknown command"):
                raise RuntimeError(line)
            lines.append(line.rstrip("\n"))
