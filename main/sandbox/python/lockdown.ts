// The Python sandbox process's outer wall, inside the process (issue 21). The process is
// started under Node's permission model (launch-python-process.ts), which the kernel-facing
// parts of Node enforce on their own: no file writes, no reads outside Pyodide's files and this
// folder, no child processes, no worker threads, no native addons, no WASI, no inspector,
// no process.binding. Node 20 and 22 have no network permission, so this file closes the
// network here, before any program runs, in the module objects every caller shares (Node's
// built-in modules are singletons: Pyodide's own `net` import, undici's fetch and an attacker's
// `require('net')` all see the same patched functions). Then everything that leads to the host
// is removed from the global scope: JavaScript reached from an escaped program runs in the
// global scope and finds no `process`, `require`, `fetch` or module getter there.
//
// Code generation from strings is off for the whole process (the launch flag
// --disallow-code-generation-from-strings): `Function(...)` and `eval` throw, so an escape
// into JavaScript can call the functions that exist but write no new ones.
/* eslint-disable @typescript-eslint/no-require-imports -- the built-ins themselves, patched in
   place: an ES import would hand out a copy of their exports under esModuleInterop */
import type * as Net from 'node:net';
import type * as Tls from 'node:tls';
import type * as Dgram from 'node:dgram';
import type * as Http from 'node:http';
import type * as Https from 'node:https';
import type * as Http2 from 'node:http2';
import type * as Dns from 'node:dns';
import type * as Inspector from 'node:inspector';
import type * as Fs from 'node:fs';
import type * as Os from 'node:os';

const denied = (what: string) =>
  function deniedCall(): never {
    const e = new Error(`${what} is not allowed in the Python sandbox`) as Error & {
      code: string;
    };
    e.code = 'ERR_ACCESS_DENIED';
    throw e;
  };

/** Replaces `obj[key]` with a throwing function that cannot be put back. */
function seal(obj: object, key: string, what: string): void {
  if (!(key in obj)) return;
  Object.defineProperty(obj, key, {
    value: denied(what),
    writable: false,
    configurable: false,
    enumerable: false,
  });
}

function sealAll(obj: object, keys: readonly string[], prefix: string): void {
  for (const key of keys) seal(obj, key, `${prefix}.${key}`);
}

/** Every way Node's JavaScript opens a socket or resolves a name. */
export function closeNetwork(): void {
  const net = require('node:net') as typeof Net;
  sealAll(net, ['connect', 'createConnection', 'createServer'], 'net');
  // listen() reaches the handle through _listen2 (setupListenHandle); both are closed.
  sealAll(net.Socket.prototype, ['connect'], 'net.Socket');
  sealAll(net.Server.prototype, ['listen', '_listen2'], 'net.Server');
  const tls = require('node:tls') as typeof Tls;
  sealAll(tls, ['connect', 'createServer', 'createSecurePair'], 'tls');
  const dgram = require('node:dgram') as typeof Dgram;
  sealAll(dgram, ['createSocket'], 'dgram');
  sealAll(dgram.Socket.prototype, ['bind', 'send', 'connect'], 'dgram.Socket');
  // Both loaded before either is sealed: https assigns to what it inherits from http.
  const web = [
    ['http', require('node:http') as typeof Http],
    ['https', require('node:https') as typeof Https],
  ] as const;
  for (const [name, http] of web) {
    sealAll(http, ['request', 'get', 'createServer'], name);
    sealAll(http.Agent.prototype, ['createConnection'], `${name}.Agent`);
  }
  const http2 = require('node:http2') as typeof Http2;
  sealAll(http2, ['connect', 'createServer', 'createSecureServer'], 'http2');
  // DNS queries leave the machine (and can carry data in the names asked for).
  const dns = require('node:dns') as typeof Dns;
  const dnsCalls = [
    'lookup',
    'lookupService',
    'resolve',
    'resolve4',
    'resolve6',
    'resolveAny',
    'resolveCaa',
    'resolveCname',
    'resolveMx',
    'resolveNaptr',
    'resolveNs',
    'resolvePtr',
    'resolveSoa',
    'resolveSrv',
    'resolveTxt',
    'reverse',
  ];
  sealAll(dns, dnsCalls, 'dns');
  sealAll(dns.Resolver.prototype, dnsCalls, 'dns.Resolver');
  sealAll(dns.promises, dnsCalls, 'dns.promises');
  sealAll(dns.promises.Resolver.prototype, dnsCalls, 'dns.promises.Resolver');
  const inspector = require('node:inspector') as typeof Inspector;
  sealAll(inspector, ['open'], 'inspector');
  sealAll(inspector.Session.prototype, ['connect', 'connectToMainThread', 'post'], 'inspector');
}

/**
 * Emscripten's NODEFS asks `process.binding('constants')` for the open() flags at load, and
 * the permission model refuses process.binding outright. This answers that one question with
 * the same public constants and refuses everything else.
 */
export function answerConstantsBinding(): void {
  const fs = require('node:fs') as typeof Fs;
  const os = require('node:os') as typeof Os;
  const constants = { fs: fs.constants, os: os.constants };
  Object.defineProperty(process, 'binding', {
    value: (name: string) => {
      if (name === 'constants') return constants;
      return denied(`process.binding('${name}')`)();
    },
    writable: false,
    configurable: false,
  });
}

/** Globals through which code in the global scope would reach the host or the network. */
const HOST_GLOBALS = [
  'process',
  'require',
  'module',
  'exports',
  'fetch',
  'WebSocket',
  'EventSource',
  'XMLHttpRequest',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'loadPyodide',
];

/**
 * The last step before programs run. Removes host globals, and closes what stays on the
 * process object this module keeps (its IPC channel to the app): signals to other processes,
 * module getters, addons, reports written to disk, and changes of directory or identity.
 */
export function removeHostGlobals(proc: NodeJS.Process): void {
  sealAll(
    proc,
    [
      'kill',
      'getBuiltinModule',
      'dlopen',
      '_linkedBinding',
      'chdir',
      'setuid',
      'setgid',
      'seteuid',
      'setegid',
      'setgroups',
      'initgroups',
      'abort',
      'setSourceMapsEnabled',
    ],
    'process',
  );
  if (proc.report) sealAll(proc.report, ['writeReport', 'getReport'], 'process.report');
  const g = globalThis as Record<string, unknown>;
  for (const name of HOST_GLOBALS) {
    try {
      Object.defineProperty(g, name, {
        value: undefined,
        writable: false,
        configurable: false,
      });
    } catch {
      // A non-configurable global stays; none of the names above is one in Node.
      delete g[name];
    }
  }
}

/** The permission model is on and refuses what the wall relies on; false means do not run. */
export function permissionsHold(proc: NodeJS.Process): boolean {
  const permission = (proc as { permission?: { has(scope: string, ref?: string): boolean } })
    .permission;
  if (!permission) return false;
  return (
    !permission.has('child') &&
    !permission.has('worker') &&
    !permission.has('fs.write') &&
    !permission.has('fs.read', '/')
  );
}
