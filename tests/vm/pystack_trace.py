"""The VM session on CPython, under a profiler that weighs every call as
CircuitPython's pystack would.

Run by tests/vm/pystack.py in a fresh interpreter (``python
pystack_trace.py SPEC``, SPEC a JSON file naming where the JSON report goes):
the stand-ins of board_lib and the session of board_lib/vmsession.py drive
the real code.py, as on the VM, with MicroPython's own random numbers so
that the same games are dealt. Each call is weighed with its function's
frame from the .mpy files (mpyframes.py), plus the argument array of a call
through a bound-method object; a frame of code that is C on a board (the
stand-ins, the session) weighs nothing in the firmware's figure, but counts
in ``all``, which a MicroPython with a pystack measures for the same run.
For each moment (a press by its session label, the start, the rest in which
the keeper saves, the out-of-memory give-up) it keeps the deepest firmware
chain.
"""

import ast
import io
import gc
import importlib.util
import json
import os
import sys

M = 0xFFFFFFFF


class MicroRandom:
    """MicroPython's random (extmod/modrandom.c, Yasmarang): seed, randint,
    getrandbits as the VM gives them, so the session deals the VM's games."""

    def __init__(self):
        self.seed(0xEDA4BABA)

    def seed(self, value):
        self.pad, self.n, self.d, self.dat = value & M, 69, 233, 0

    def _next(self):
        self.pad = (self.pad + self.dat + self.d * self.n) & M
        self.pad = ((self.pad << 3) + (self.pad >> 29)) & M
        self.n = self.pad | 2
        self.d ^= ((self.pad << 31) + (self.pad >> 1)) & M
        self.dat = (self.dat ^ (self.pad & 0xFF) ^ (self.d >> 8) ^ 1) & 0xFF
        return (self.pad ^ (self.d << 5) ^ (self.pad >> 18) ^ (self.dat << 1)) & M

    def getrandbits(self, bits):
        return self._next() & ((1 << bits) - 1)

    def randint(self, low, high):
        span = high - low + 1
        mask = 1
        while (span & mask) < span:
            mask = (mask << 1) | 1
        while True:
            value = self._next() & mask
            if value < span:
                return low + value


class Weights:
    """Frame bytes by CPython code object, from the .mpy files of the spec."""

    def __init__(self, spec):
        sys.path.insert(0, spec["here"])
        import mpyframes  # pylint: disable=import-outside-toplevel
        self.mpyframes = mpyframes
        self.by_file = {}  # source path -> {name path: bytes}
        identifiers = set()
        for source, _ in spec["files"]:
            with open(source, encoding="utf-8") as file:
                identifiers.update(node.name for node in ast.walk(ast.parse(file.read()))
                                   if isinstance(node, (ast.FunctionDef, ast.ClassDef)))
        static = mpyframes.static_names(spec["mpy_cross"], identifiers)
        for source, compiled in spec["files"]:
            table = self.by_file.setdefault(os.path.realpath(source), {})
            for function in mpyframes.read(compiled, static):
                table[function.path] = max(table.get(function.path, 0), function.frame)
        self.firmware = tuple(os.path.realpath(p) + os.sep for p in spec["firmware_roots"])
        self.cache = {}

    def of(self, code):
        """(bytes, is firmware, label) for a code object."""
        found = self.cache.get(code)
        if found is None:
            path = os.path.realpath(code.co_filename)
            table = self.by_file.get(path)
            names = () if code.co_name == "<module>" else \
                tuple(code.co_qualname.replace(".<locals>", "").split("."))
            weight = 0
            if table is not None:
                weight = table.get(names)
                if weight is None:
                    raise KeyError(f"{path}: no function {names} in its .mpy")
            firmware = path.startswith(self.firmware)
            label = "%s:%s" % (_short(path), ".".join(names) or "<module>")
            found = self.cache[code] = (weight, firmware, label, table is not None)
        return found


def _short(path):
    for marker in ("/firmware/", "/board_lib/", "/site-packages/"):
        if marker in path:
            return path.split(marker, 1)[1]
    return os.path.basename(path)


class Calls:
    """Which calls go through a bound-method object: the callee is a plain
    method (not a dunder, which the runtime calls with self in a C array)
    and the caller's statement never names it as an attribute, so it was
    not called as ``obj.name(...)`` (self passed directly) nor read as a
    property."""

    def __init__(self):
        self.statements = {}  # file -> [(first, last, (attribute names, calls with * or **))]
        self.cache = {}  # (file, line) -> its statement's entry
        self.bound = {}  # (file, line, callee name) -> called through a bound-method object

    def bound_extra(self, caller, callee):
        code = callee.f_code
        parts = code.co_qualname.split(".")
        if len(parts) < 2 or parts[-2] == "<locals>" or code.co_name.startswith(("__", "<")):
            return 0
        key = (caller.f_code.co_filename, caller.f_lineno, code.co_name)
        found = self.bound.get(key)
        if found is None:
            names = self._names(caller.f_code.co_filename, caller.f_lineno)
            found = self.bound[key] = names is not None and code.co_name not in names[0]
        if not found:
            return 0
        # self, then the arguments: at most as many as the method takes
        return (4 * (code.co_argcount + 2 * code.co_kwonlyargcount) + 7) & ~7

    def var_extra(self, caller, name):
        """The argument array of a call with *args or **kwargs to ``name``
        on the caller's statement: 1 + positional + 2 * keyword words
        (mp_call_prepare_args_n_kw_var), the lengths read from the caller's
        variables."""
        found = self._names(caller.f_code.co_filename, caller.f_lineno)
        if not found or not found[1]:
            return 0
        words = 0
        for call in found[1]:
            func = call.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            # a callee given by an expression (``getattr(module, name)(*args)``) may be any
            if called and called != name and not (name in ("__init__", "__new__")
                                                  and called[:1].isupper()):
                continue
            positional = sum(self._length(caller, arg.value) if isinstance(arg, ast.Starred) else 1
                             for arg in call.args)
            keywords = sum(self._length(caller, word.value) if word.arg is None else 1
                           for word in call.keywords)
            words = max(words, 1 + positional + 2 * keywords)
        return (4 * words + 7) & ~7

    @staticmethod
    def _length(frame, node):
        if isinstance(node, ast.Name):
            value = frame.f_locals.get(node.id, frame.f_globals.get(node.id))
            try:
                return len(value)
            except TypeError:
                pass
        return 8  # an expression: a generous guess

    def _names(self, filename, line):
        key = (filename, line)
        if key not in self.cache:
            self.cache[key] = self._statement(filename, line)
        return self.cache[key]

    def _statement(self, filename, line):
        table = self.statements.get(filename)
        if table is None:
            table = self.statements[filename] = self._parse(filename)
        best = None
        for first, last, names in table:
            if first <= line <= last and (best is None or last - first < best[1] - best[0]):
                best = (first, last, names)
        return None if best is None else best[2]

    @staticmethod
    def _parse(filename):
        try:
            with io.open(filename, encoding="utf-8") as file:
                tree = ast.parse(file.read())
        except (OSError, SyntaxError):
            return []
        table = []
        for node in ast.walk(tree):
            if isinstance(node, (ast.If, ast.While)):
                parts = [node.test]
            elif isinstance(node, ast.For):
                parts = [node.iter]
            elif isinstance(node, ast.With):
                parts = node.items
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Try)) \
                    or not isinstance(node, ast.stmt):
                continue
            else:
                parts = [node]
            names = {sub.attr for part in parts for sub in ast.walk(part)
                     if isinstance(sub, ast.Attribute)}
            var_calls = [sub for part in parts for sub in ast.walk(part)
                         if isinstance(sub, ast.Call)
                         and (any(isinstance(arg, ast.Starred) for arg in sub.args)
                              or any(word.arg is None for word in sub.keywords))]
            table.append((node.lineno, max(getattr(p, "end_lineno", None) or node.lineno
                                           for p in parts), (names, var_calls)))
        return table


class Profiler:
    """The pystack as CircuitPython would have it, call by call."""

    def __init__(self, weights, calls):
        self.weights, self.calls = weights, calls
        self.stack = []  # (frame, firmware bytes so far, all bytes so far, frame bytes, label)
        self.moment = "start-up"
        self.deepest = {}  # moment -> (firmware bytes, all bytes, chain)
        self.all_peak = {}  # moment -> (all bytes: firmware, stand-ins, session; chain)
        self.main = None  # vmsession.main's frame: "all" counts above it

    def __call__(self, frame, event, _arg):
        if event == "return":
            if self.stack and self.stack[-1][0] is frame:
                self.stack.pop()
            return
        if event == "c_call":
            if self.main is not None and self.stack and self.stack[-1][0] is frame:
                extra = self.calls.var_extra(frame, getattr(_arg, "__name__", ""))
                if extra:
                    self._note(extra, self.weights.of(frame.f_code)[1], "(call of %s)" % _arg)
            return
        if event != "call":
            return
        stack = self.stack
        while stack and stack[-1][0] is not frame.f_back:
            stack.pop()  # frames an exception left
        weight, firmware, label, known = self.weights.of(frame.f_code)
        if self.main is None or not stack:
            if frame.f_code.co_name == "main" and label.startswith("vmsession"):
                self.main = frame
            stack.append((frame, 0, 0, 0, label, False, 0))
            return
        _, below_fw, below_all, _, _, harness, _ = stack[-1]
        if known:
            weight += self.calls.bound_extra(frame.f_back, frame)
            weight += self.calls.var_extra(frame.f_back, frame.f_code.co_name)
        # the session's own calls into the firmware are not the firmware's
        harness = harness or (label.startswith("vmsession") and frame.f_code.co_name != "capture")
        add_fw = weight if firmware and not harness else 0
        fw, total = below_fw + add_fw, below_all + weight
        stack.append((frame, fw, total, add_fw, label, harness, weight))
        self._peaks(fw, total)

    def _note(self, extra, firmware, label):
        """A C function called with an argument array on the pystack."""
        entry = self.stack[-1]
        add_fw = extra if firmware and not entry[5] else 0
        self.stack.append((None, entry[1] + add_fw, entry[2] + extra, add_fw, label, entry[5],
                           extra))
        self._peaks(entry[1] + add_fw, entry[2] + extra)
        self.stack.pop()

    def _peaks(self, fw, total):
        stack = self.stack
        moment = self.moment
        if total > self.all_peak.get(moment, (-1,))[0]:
            self.all_peak[moment] = (total, [(entry[4], entry[6]) for entry in stack if entry[6]])
        if fw > self.deepest.get(moment, (-1,))[0]:
            chain = [(entry[4], entry[3]) for entry in stack if entry[3]]
            self.deepest[moment] = (fw, total, chain)


def _load_standins(spec):
    board_lib = spec["board_lib"]
    os.environ.update(spec["environ"])
    sys.path[:0] = [board_lib, spec["firmware"]]
    gc.mem_free = lambda: 1 << 20  # a board's answer with room: the firmware asks
    gc.mem_alloc = lambda: 0
    random_module = type(sys)("random")
    generator = MicroRandom()
    for name in ("seed", "randint", "getrandbits"):
        setattr(random_module, name, getattr(generator, name))
    sys.modules["random"] = random_module
    spec_time = importlib.util.spec_from_file_location("time", os.path.join(board_lib, "time.py"))
    stand_in_time = importlib.util.module_from_spec(spec_time)
    spec_time.loader.exec_module(stand_in_time)  # takes localtime etc. from CPython's time
    sys.modules["time"] = stand_in_time
    for name in ("analogio", "audiocore", "board", "busdisplay", "digitalio", "displayio",
                 "keypad", "microcontroller", "supervisor", "terminalio", "vmctl", "vmdrive",
                 "vmheap", "vmsession", "audioio", "audiopwmio"):
        try:
            __import__(name)
        except ImportError:
            pass  # the audio module this board lacks
    displayio = sys.modules["displayio"]
    if not hasattr(displayio, "ColorConverter"):  # adafruit_imageload's annotations ask for it
        displayio.ColorConverter = type("ColorConverter", (), {})
    sys.modules["vmdrive"].install()
    return sys.modules["vmsession"]


def _follow(vmsession, profiler, give_up_after):
    """Name the moment from the session's script: the label of the press
    being played, the rest in which the keeper saves; with
    ``give_up_after`` (a step name) the press after that step runs out of
    memory, as on a board whose heap is full."""
    state = {"armed": False}

    def wrap(script):
        def followed():
            for kind, label in script():
                if kind == 0:
                    profiler.moment = label
                    if state["armed"] is True:
                        state["armed"] = "now"
                elif kind == 2:
                    profiler.moment = "rest: the keeper saves"
                elif label == give_up_after:
                    state["armed"] = True
                yield kind, label
        return followed

    vmsession._part_one = wrap(vmsession._part_one)
    vmsession._part_two = wrap(vmsession._part_two)
    if give_up_after:
        app_class = __import__("patience.screens.app", fromlist=["App"]).App
        press = app_class._press

        def failing(app, button):
            if state["armed"] == "now":
                state["armed"] = False
                profiler.moment = "out of memory: give up"
                raise MemoryError("a press that found the heap full")
            return press(app, button)
        app_class._press = failing


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        spec = json.load(file)
    weights = Weights(spec)
    vmsession = _load_standins(spec)
    printed = []
    vmsession.print = lambda *words: printed.append(" ".join(str(w) for w in words))
    profiler = Profiler(weights, Calls())
    _follow(vmsession, profiler, spec.get("give_up_after"))
    sys.setprofile(profiler)
    ended = "done"
    try:
        vmsession.main(spec["part"], measure=True, save_to=spec.get("save_to"), ram_sheet=False)
    except MemoryError as error:
        ended = "gave up: %s" % error
    finally:
        sys.setprofile(None)
    report = {"ended": ended, "printed": printed,
              "moments": {moment: {"firmware": fw, "all": profiler.all_peak[moment][0],
                                   "chain": chain, "all_chain": profiler.all_peak[moment][1]}
                          for moment, (fw, _, chain) in profiler.deepest.items()}}
    with io.open(spec["report"], "w", encoding="utf-8") as file:
        json.dump(report, file)


if __name__ == "__main__":
    main()
