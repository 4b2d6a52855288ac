// tests/onnx/ort_run.js MODEL OUTDIR NAME=FILE.npy...: run MODEL with
// onnxruntime-node (the independent reference, installed by
// scripts/install-deps.sh into $SLUICE_ORT_DIR) on the given .npy inputs
// and write every output as OUTDIR/NAME.npy (NAME as sluice names it:
// characters outside [A-Za-z0-9_] become '_').
'use strict';
const fs = require('fs');
const path = require('path');
const ortDir = process.env.SLUICE_ORT_DIR || '/opt/sluice-ort';
const ort = require(path.join(ortDir, 'node_modules', 'onnxruntime-node'));

const DT = {
  '|u1': ['uint8', Uint8Array], '|i1': ['int8', Int8Array], '<u2': ['uint16', Uint16Array],
  '<i2': ['int16', Int16Array], '<i4': ['int32', Int32Array], '<u4': ['uint32', Uint32Array],
  '<i8': ['int64', BigInt64Array], '<u8': ['uint64', BigUint64Array], '|b1': ['bool', Uint8Array],
};

function readNpy(file) {
  const b = fs.readFileSync(file);
  const major = b[6];
  const hlen = major === 1 ? b.readUInt16LE(8) : b.readUInt32LE(8);
  const off = major === 1 ? 10 : 12;
  const h = b.toString('latin1', off, off + hlen);
  const descr = /'descr':\s*'([^']+)'/.exec(h)[1];
  const shape = /'shape':\s*\(([^)]*)\)/.exec(h)[1].split(',').filter((s) => s.trim()).map(Number);
  const [type, Arr] = DT[descr];
  const data = b.subarray(off + hlen);
  const copy = new Uint8Array(data.length);
  copy.set(data);
  return new ort.Tensor(type, new Arr(copy.buffer), shape);
}

function writeNpy(file, t) {
  const descr = Object.keys(DT).find((k) => DT[k][0] === t.type);
  const shape = t.dims.length ? t.dims.join(', ') + (t.dims.length === 1 ? ',' : '') : '1,';
  let h = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${shape}), }`;
  h += ' '.repeat(63 - ((h.length + 10) % 64)) + '\n';
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1; head[7] = 0;
  head.writeUInt16LE(h.length, 8);
  const data = Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength);
  fs.writeFileSync(file, Buffer.concat([head, Buffer.from(h, 'latin1'), data]));
}

async function main() {
  const [model, outDir, ...pairs] = process.argv.slice(2);
  const feeds = {};
  for (const p of pairs) {
    const i = p.indexOf('=');
    feeds[p.slice(0, i)] = readNpy(p.slice(i + 1));
  }
  const s = await ort.InferenceSession.create(model, { executionProviders: ['cpu'] });
  const out = await s.run(feeds);
  fs.mkdirSync(outDir, { recursive: true });
  for (const name of Object.keys(out))
    writeNpy(path.join(outDir, name.replace(/[^A-Za-z0-9_]/g, '_') + '.npy'), out[name]);
}
main().catch((e) => { console.error('ort_run: ' + e.message); process.exit(1); });
