"""Run device code under a real 32-bit MicroPython VM (WebAssembly under Node).

One ``MicroPythonVM`` owns one Node.js process (``runner.mjs``) that loads the
pinned npm package ``@micropython/micropython-webassembly-pyscript`` and
answers JSON-line requests on stdin/stdout. Each ``vm.run(code)`` is a
separate ``runPython`` call: ``gc.collect()`` in one call only takes effect
once control returns to JavaScript, so it is visible from the next call on.

Typical use::

    with MicroPythonVM(heap_kb=128) as vm:
        vm.install_tree(Path("firmware/patience"), "/lib/patience")
        print(vm.run("import patience; print(patience.__name__)"))
        nbytes = vm.measure_alloc("game.step()", setup="game = make_game()")

Memory model of this VM (see /work/shared/DEVICE-FACTS.md): the heap starts
at ``heap_kb`` and grows on demand instead of collecting; within one call
nothing is freed, so a ``gc.mem_alloc()`` difference inside one call is
exactly what the code between the reads allocated. ``heap_grew()`` tells
whether any call so far needed more than the initial heap (live data plus
everything allocated during that one call).
"""

from __future__ import annotations

import base64
import json
import os
import queue
import re
import shutil
import subprocess
import textwrap
import threading
from pathlib import Path

PACKAGE_NAME = "@micropython/micropython-webassembly-pyscript"
PACKAGE_VERSION = "1.27.0"
HERE = Path(__file__).resolve().parent
RUNNER = HERE / "runner.mjs"
PACKAGE_ENTRY = HERE / "node_modules" / PACKAGE_NAME / "micropython.mjs"
MIN_NODE_MAJOR = 18
DEFAULT_HEAP_KB = 128
DEFAULT_TIMEOUT = 30.0

_install_lock = threading.Lock()


class MicroPythonError(Exception):
    """A Python exception raised inside the VM; carries the VM traceback."""

    def __init__(self, traceback: str, exc_type: str = "", out: str = ""):
        super().__init__(traceback.rstrip())
        self.traceback = traceback
        self.exc_type = exc_type
        self.out = out


class MicroPythonVMError(RuntimeError):
    """The VM process failed (crash, timeout, JS error, protocol error)."""


class NodeUnavailable(RuntimeError):
    """Node.js / npm are missing or too old, or the npm install failed."""


# ----------------------------------------------------------------- node setup


def find_node() -> tuple[str, str]:
    """Return the paths of ``node`` and ``npm``; raise NodeUnavailable if absent."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        missing = " and ".join(n for n, p in (("node", node), ("npm", npm)) if not p)
        raise NodeUnavailable(f"{missing} not found on PATH (Node.js >= {MIN_NODE_MAJOR} is needed)")
    _check_node_version(node)
    return node, npm


def _check_node_version(node: str) -> None:
    """Raise NodeUnavailable if ``node --version`` is older than MIN_NODE_MAJOR."""
    text = subprocess.run([node, "--version"], capture_output=True, text=True, check=False).stdout
    match = re.match(r"v(\d+)", text.strip())
    if not match or int(match.group(1)) < MIN_NODE_MAJOR:
        raise NodeUnavailable(f"Node.js >= {MIN_NODE_MAJOR} needed, found {text.strip() or 'unknown'}")


def ensure_node_package() -> Path:
    """Install the pinned npm package into host_sim/mpvm if needed; return its entry file.

    Runs ``npm ci`` (exact versions from package-lock.json) when
    ``node_modules`` lacks the package. Raises NodeUnavailable on failure.
    """
    _, npm = find_node()
    with _install_lock:
        if not PACKAGE_ENTRY.exists():
            _npm_ci(npm)
    if not PACKAGE_ENTRY.exists():
        raise NodeUnavailable(f"npm ci ran but {PACKAGE_ENTRY} is still missing")
    return PACKAGE_ENTRY


def _npm_ci(npm: str) -> None:
    """Run ``npm ci`` in this folder; raise NodeUnavailable with npm's output on failure."""
    cmd = [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"]
    proc = subprocess.run(cmd, cwd=HERE, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise NodeUnavailable(f"`npm ci` failed in {HERE}:\n{proc.stdout}\n{proc.stderr}")


def node_missing_reason() -> str | None:
    """Return why the VM cannot run here (None if Node and the package are ready)."""
    try:
        ensure_node_package()
    except NodeUnavailable as exc:
        return str(exc)
    return None


def running_in_ci() -> bool:
    """True when the CI environment variable is set to a true-ish value."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require_node_for_tests() -> None:
    """For pytest: skip (locally) or fail (under CI=true) when the VM cannot run."""
    import pytest  # only needed by tests

    reason = node_missing_reason()
    if reason is None:
        return
    if running_in_ci():
        pytest.fail(f"MicroPython VM unavailable under CI (CI must provide Node.js/npm): {reason}")
    print(f"skipping MicroPython VM tests: {reason}")
    pytest.skip(f"MicroPython VM unavailable: {reason}")


# ------------------------------------------------------------------- the VM


class MicroPythonVM:
    """One persistent MicroPython WebAssembly VM in a Node.js child process."""

    def __init__(self, heap_kb: int = DEFAULT_HEAP_KB, timeout: float = DEFAULT_TIMEOUT):
        self.heap_kb = heap_kb
        self.timeout = timeout
        self.start_ms: float | None = None
        self.initial_heap_total: int | None = None
        self._proc: subprocess.Popen | None = None
        self._replies: queue.Queue = queue.Queue()
        self._stderr: list[str] = []

    # -- lifecycle

    def __enter__(self) -> "MicroPythonVM":
        self.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def start(self) -> None:
        """Install the npm package if needed, spawn Node and wait for the VM."""
        node, _ = find_node()
        ensure_node_package()
        self._proc = subprocess.Popen(
            [node, str(RUNNER), str(self.heap_kb * 1024)],
            cwd=HERE, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1,
        )
        self._start_readers()
        hello = self._receive(self.timeout)
        self.start_ms = hello.get("start_ms")
        self.run("import sys, gc\nif '/lib' not in sys.path: sys.path.append('/lib')")
        self.initial_heap_total = self.heap_total()

    def _start_readers(self) -> None:
        """Start daemon threads draining the child's stdout (replies) and stderr."""
        proc = self._proc

        def read_stdout():
            for line in proc.stdout:
                self._replies.put(line)
            self._replies.put(None)

        def read_stderr():
            for line in proc.stderr:
                self._stderr.append(line)

        threading.Thread(target=read_stdout, daemon=True).start()
        threading.Thread(target=read_stderr, daemon=True).start()

    def close(self) -> None:
        """Ask the runner to exit; kill it if it does not within 5 s."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None:
                proc.stdin.write(json.dumps({"op": "exit"}) + "\n")
                proc.stdin.flush()
            proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()

    # -- protocol

    def _request(self, req: dict, timeout: float | None = None) -> dict:
        """Send one request and return the reply; raise on VM/JS failures."""
        if self._proc is None or self._proc.poll() is not None:
            raise MicroPythonVMError("the MicroPython VM is not running" + self._stderr_tail())
        try:
            self._proc.stdin.write(json.dumps(req) + "\n")
            self._proc.stdin.flush()
        except OSError as exc:
            raise MicroPythonVMError(f"cannot talk to the VM: {exc}{self._stderr_tail()}") from exc
        return self._receive(self.timeout if timeout is None else timeout)

    def _receive(self, timeout: float) -> dict:
        """Wait for one JSON reply line; kill the VM on timeout or crash."""
        try:
            line = self._replies.get(timeout=timeout)
        except queue.Empty:
            self._kill()
            raise MicroPythonVMError(f"VM did not answer within {timeout} s (killed)") from None
        if line is None:
            self._kill()
            raise MicroPythonVMError("VM process exited" + self._stderr_tail())
        reply = json.loads(line)
        if not reply.get("ok") and reply.get("kind") != "python":
            raise MicroPythonVMError(f"{reply.get('type')}: {reply.get('error')}{self._stderr_tail()}")
        return reply

    def _kill(self) -> None:
        """Kill the child process (after a timeout or crash)."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()

    def _stderr_tail(self) -> str:
        """Last lines of the runner's stderr, for error messages."""
        tail = "".join(self._stderr[-20:]).strip()
        return f"\n--- node stderr ---\n{tail}" if tail else ""

    # -- running code

    def run(self, code: str, timeout: float | None = None) -> str:
        """Run ``code`` in one runPython call; return its stdout.

        A Python exception in the VM raises MicroPythonError (its ``traceback``,
        ``exc_type`` and the ``out`` printed before it).
        """
        reply = self._request({"op": "run", "code": code}, timeout)
        if not reply["ok"]:
            raise MicroPythonError(reply["error"], reply.get("type", ""), reply.get("out", ""))
        return reply["out"]

    def write_file(self, vm_path: str, data: bytes | str) -> None:
        """Write a file into the VM's file system (parent folders are created)."""
        raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        self._request({"op": "write", "path": vm_path, "data": base64.b64encode(raw).decode("ascii")})

    def mkdir(self, vm_path: str) -> None:
        """Create a folder (and its parents) in the VM's file system."""
        self._request({"op": "mkdir", "path": vm_path})

    def install_tree(self, host_dir: Path, vm_dir: str, patterns: tuple[str, ...] = ("*.py",)) -> list[str]:
        """Copy files matching ``patterns`` under ``host_dir`` to ``vm_dir``; return VM paths.

        E.g. ``vm.install_tree(Path("firmware/patience"), "/lib/patience")``
        makes ``import patience`` work (``/lib`` is on sys.path).
        """
        host_dir = Path(host_dir)
        if not host_dir.is_dir():
            raise FileNotFoundError(f"install_tree: {host_dir} is not a folder")
        self.mkdir(vm_dir)
        written = []
        for path in sorted({p for pat in patterns for p in host_dir.rglob(pat) if p.is_file()}):
            if "__pycache__" in path.parts:
                continue
            target = vm_dir.rstrip("/") + "/" + path.relative_to(host_dir).as_posix()
            self.write_file(target, path.read_bytes())
            written.append(target)
        return written

    def unload(self, module: str) -> None:
        """Drop ``module`` and its submodules from sys.modules (to re-import new files)."""
        self.run(
            "import sys\n"
            f"for _k in [k for k in sys.modules if k == {module!r} or k.startswith({module + '.'!r})]:\n"
            "    del sys.modules[_k]\n"
        )

    # -- memory

    def collect(self) -> None:
        """Request a collection; it happens when this call returns to JavaScript."""
        self.run("import gc\ngc.collect()")

    def mem_alloc(self) -> int:
        """``gc.mem_alloc()`` at the start of a fresh call."""
        return int(self.run("print(gc.mem_alloc())"))

    def live_heap(self) -> int:
        """Bytes live on the heap after a full collection (collect, then read next call)."""
        self.collect()
        return self.mem_alloc()

    def measure_alloc(self, snippet: str, setup: str | None = None, repeat: int = 1) -> int:
        """Return the bytes ``snippet`` allocates (``repeat`` times in a loop, total).

        Runs ``setup`` (if any), then ``gc.collect()``, then in the next call
        reads ``gc.mem_alloc()``, runs the snippet at module level and reads it
        again. Compiling the call happens before the first read, so it does not
        count. A global name the snippet creates for the first time may grow
        the globals dict: define such names in ``setup``.
        """
        if setup:
            self.run(textwrap.dedent(setup))
        self.run("import gc\n_mpvm_a0 = _mpvm_a1 = _mpvm_i = 0\ngc.collect()")
        body = textwrap.dedent(snippet).strip("\n")
        if repeat != 1:
            body = f"for _mpvm_i in range({int(repeat)}):\n" + textwrap.indent(body, "    ")
        self.run(f"_mpvm_a0 = gc.mem_alloc()\n{body}\n_mpvm_a1 = gc.mem_alloc()\n")
        return int(self.run("print(_mpvm_a1 - _mpvm_a0)"))

    def heap_total(self) -> int:
        """Current total GC heap size in bytes (all areas; it never shrinks)."""
        out = self.run("import micropython\nmicropython.mem_info()")
        match = re.search(r"GC: total: (\d+)", out)
        if not match:
            raise MicroPythonVMError(f"unexpected mem_info output: {out!r}")
        return int(match.group(1))

    def heap_grew(self) -> bool:
        """True if the heap has grown past its initial area since the VM started."""
        return self.heap_total() > (self.initial_heap_total or 0)

