// Runner for tests.mpvm: one MicroPython WebAssembly VM per process.
//
// Protocol: one JSON object per line on stdin, one JSON reply per line on
// stdout (nothing else is ever written to stdout).
//   -> {"op": "run", "code": "..."}
//   <- {"ok": true, "out": "<VM stdout+stderr>"}
//   <- {"ok": false, "out": "...", "kind": "python", "type": "ValueError",
//       "error": "<traceback text>"}
//   -> {"op": "write", "path": "/lib/x.py", "data": "<base64>"}
//   -> {"op": "mkdir", "path": "/lib/pkg"}       (like mkdir -p)
//   -> {"op": "exit"}
// The first line written is {"ok": true, "ready": true, "start_ms": N}
// once the VM is loaded (or {"ok": false, ...} if loading failed).
// Usage: node runner.mjs <heapsize-bytes>

import { createInterface } from "node:readline";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const decoder = new TextDecoder();
let captured = [];

function reply(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}

function collect(bytes) {
  for (const b of bytes) captured.push(b);
}

function mkdirs(fs, path) {
  let sofar = "";
  for (const part of path.split("/").filter((p) => p.length > 0)) {
    sofar += "/" + part;
    if (!fs.analyzePath(sofar).exists) fs.mkdir(sofar);
  }
}

function runCode(mp, code) {
  captured = [];
  try {
    mp.runPython(code);
    return { ok: true, out: decoder.decode(new Uint8Array(captured)) };
  } catch (err) {
    const python = err && err.constructor && err.constructor.name === "PythonError";
    return {
      ok: false,
      out: decoder.decode(new Uint8Array(captured)),
      kind: python ? "python" : "js",
      type: python ? String(err.type) : String(err && err.name),
      error: String(err && (python ? err.message : err.stack || err)),
    };
  }
}

function handle(mp, req) {
  switch (req.op) {
    case "run":
      return runCode(mp, req.code);
    case "write":
      mkdirs(mp.FS, req.path.split("/").slice(0, -1).join("/"));
      mp.FS.writeFile(req.path, Buffer.from(req.data, "base64"));
      return { ok: true };
    case "mkdir":
      mkdirs(mp.FS, req.path);
      return { ok: true };
    default:
      return { ok: false, kind: "protocol", type: "BadOp", error: `unknown op ${req.op}` };
  }
}

async function main() {
  const heapsize = parseInt(process.argv[2] || "131072", 10);
  const t0 = performance.now();
  let mp;
  try {
    mp = await loadMicroPython({ heapsize, stdout: collect, stderr: collect, linebuffer: false });
    mkdirs(mp.FS, "/lib");
  } catch (err) {
    reply({ ok: false, kind: "js", type: "LoadError", error: String(err && (err.stack || err)) });
    process.exit(1);
  }
  reply({ ok: true, ready: true, start_ms: performance.now() - t0 });
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let req;
    try {
      req = JSON.parse(line);
    } catch (err) {
      reply({ ok: false, kind: "protocol", type: "BadJSON", error: String(err) });
      continue;
    }
    if (req.op === "exit") break;
    try {
      reply(handle(mp, req));
    } catch (err) {
      reply({ ok: false, kind: "js", type: String(err && err.name), error: String(err && (err.stack || err)) });
    }
  }
  process.exit(0);
}

main();
