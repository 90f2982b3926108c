// The VM session (board_lib/vmsession.py, both parts) on MicroPython's
// webassembly port, which builds with MICROPY_ENABLE_PYSTACK: a call that
// finds no room raises "RuntimeError: pystack exhausted", as on a board.
// Run by tests/vm/pystack.py: node wasm_session.mjs JOB, JOB a JSON object
// {module, drive, board_lib, root, imageload, pystack}. The drive (.mpy
// firmware), the stand-ins and the firmware's files are copied into the
// VM's memory file system; the pystack is made `pystack` bytes larger than
// what the session's driver holds where it imports code.py (measured in a
// first VM), so that code.py and all it calls get `pystack` bytes, as on a
// board where code.py's frame is the first. Prints JSON: {ok, out, nvm,
// error, driver}.
import fs from "fs";
import path from "path";

const job = JSON.parse(process.argv[2]);
const { loadMicroPython } = await import(job.module);

function copyTree(FS, from, to) {
  FS.mkdirTree(to);
  for (const name of fs.readdirSync(from)) {
    const source = path.join(from, name);
    if (fs.statSync(source).isDirectory()) {
      copyTree(FS, source, to + "/" + name);
    } else {
      FS.writeFile(to + "/" + name, fs.readFileSync(source));
    }
  }
}

const PRELUDE = `
import os, sys, micropython
os.getenv = lambda key, default=None: ENV.get(key, default)
sys.path[:] = ["/board_lib", "", "lib"]
os.chdir("/drive")
import vmrun_wasm
`;

// What vmrun.py does before a script, less the heap filling (this VM's heap
// grows on demand): the stand-ins first, then the drive's open().
const RUNNER = `
import analogio, audiocore, board, busdisplay, digitalio, displayio, keypad
import microcontroller, supervisor, terminalio, time, vmctl, vmdrive, vmheap, vmsession
import micropython
for _audio in ("audioio", "audiopwmio"):
    try:
        __import__(_audio)
    except ImportError:
        pass
vmdrive.install()
DRIVER = [0]
_live = vmheap.live


def _noted():
    # vmsession.main's call of vmheap.live() comes just before "import
    # code": the pystack in use there, this function's own frame left out
    if not DRIVER[0]:
        DRIVER[0] = micropython.pystack_use() - OWN[0]
    return _live()


OWN = [0]
`;

async function run(pystackBytes, part, nvm) {
  const out = [];
  const mp = await loadMicroPython({
    pystack: Math.ceil(pystackBytes / 4), heapsize: 4 * 1024 * 1024,
    stdout: (line) => out.push(line), stderr: (line) => out.push(line),
  });
  copyTree(mp.FS, job.drive, "/drive");
  copyTree(mp.FS, job.board_lib, "/board_lib");
  for (const name of ["sheets", "lang", "winnable"]) {
    copyTree(mp.FS, path.join(job.root, name), "/disk/" + name);
  }
  mp.FS.writeFile("/board_lib/vmrun_wasm.py", RUNNER);
  const env = { VM_BOARD: "pybadge", VM_ROOT: "/disk", VM_TOLERATE: "" };
  if (nvm) {
    mp.FS.writeFile("/nvm-in.bin", nvm);
    env.VM_NVM = "/nvm-in.bin";
  }
  mp.runPython("ENV = " + JSON.stringify(env) + "\n" + PRELUDE);
  // the wrapper's own frame, from a call at this same top level
  mp.runPython("import vmrun_wasm, vmheap, micropython\n" +
               "base = micropython.pystack_use()\nvmrun_wasm._noted()\n" +
               "vmrun_wasm.OWN[0] = vmrun_wasm.DRIVER[0] - base\nvmrun_wasm.DRIVER[0] = 0\n" +
               "vmheap.live = vmrun_wasm._noted");
  let error = "";
  try {
    mp.runPython("import vmsession\nvmsession.main(" + part +
                 ", measure=True, save_to='/nvm-out.bin', ram_sheet=False)");
  } catch (failure) {
    error = String(failure.message || failure);
  }
  mp.runPython("import vmrun_wasm\nprint('DRIVER', vmrun_wasm.DRIVER[0])");
  const driver = Number(out.pop().split(" ")[1]);
  let saved = null;
  try {
    saved = mp.FS.readFile("/nvm-out.bin");
  } catch (missing) {
    saved = null;
  }
  return { out: out.filter((line) => !line.startsWith("STEP ")), error, driver, saved };
}

// The driver's pystack at "import code", with room to spare.
const probe = await run(65536, 1, null);
const driver = probe.driver;
const first = await run(driver + job.pystack, 1, null);
let second = { out: [], error: "part 1 failed", saved: null };
if (!first.error && first.saved) {
  second = await run(driver + job.pystack, 2, first.saved);
}
const ok = !first.error && !second.error;
process.stdout.write(JSON.stringify({
  ok, driver, error: first.error || second.error,
  out: first.out.concat(["--- part 2"], second.out),
  nvm: first.saved ? Buffer.from(first.saved).toString("hex") : "",
}));
