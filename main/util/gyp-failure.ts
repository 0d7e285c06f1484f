/**
 * Why building better-sqlite3 for Electron failed, from node-gyp's output, in words that point
 * at the fix: a download that did not happen (network, proxy, mirror) is not a missing
 * compiler. Pure (no electron import), so it is unit-tested.
 */
export function explainGypFailure(output: string, electronVersion: string): string {
  const o = output.toLowerCase();
  const download =
    /enotfound|eai_again|econnrefused|econnreset|etimedout|enetunreach|ehostunreach|socket hang up|tunneling socket|proxy|self[- ]signed certificate|unable to get local issuer certificate|certificate has expired|request to .* failed|status code (4|5)\d\d|\b(403|404|407|5\d\d)\b.*headers|could not download|download failed/.test(
      o,
    ) && /headers|electronjs\.org|download|tarball|node-v|\.tar\.gz|getaddrinfo|request/.test(o);
  if (download)
    return `node-gyp could not download Electron ${electronVersion}'s headers (a network, proxy or certificate problem, not a missing compiler). Check your connection; behind a proxy set HTTPS_PROXY; with a mirror set ELECTRON_MIRROR and npm_config_disturl. Or use the app in a browser without Electron: npm run web`;
  if (
    /find python|could not find any python|python was not found|no python|python executable/.test(o)
  )
    return `building better-sqlite3 for Electron ${electronVersion} needs Python 3, which node-gyp could not find (install it, or set npm_config_python to its path)`;
  if (
    /(g\+\+|c\+\+|cc|gcc|clang|make|msbuild)(: | )(not found|no such file|command not found)|not found: make|could not find any visual studio|xcrun: error|xcode-select|unable to find a compiler/.test(
      o,
    )
  )
    return `building better-sqlite3 for Electron ${electronVersion} needs a C++ toolchain, which was not found (build-essential on Debian/Ubuntu, Xcode command line tools on macOS, Visual Studio Build Tools on Windows)`;
  return `building better-sqlite3 for Electron ${electronVersion} failed; node-gyp's output above says why (it needs the Electron headers from the network, Python 3 and a C++ toolchain)`;
}

/** Whether this Node can run what `npm start` needs (Electron's npm package wants >= 22.12). */
export function nodeTooOldForElectron(nodeVersion: string, wanted = '22.12.0'): boolean {
  const parse = (v: string) =>
    v
      .replace(/^v/, '')
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const [a, b] = [parse(nodeVersion), parse(wanted)];
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}
