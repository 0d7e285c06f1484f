import { describe, expect, it } from 'vitest';
import { explainGypFailure, nodeTooOldForElectron } from '../../../main/util/gyp-failure';

describe('npm start explains why building the SQLite module for Electron failed', () => {
  it('blames the network, not the toolchain, when the headers cannot be downloaded', () => {
    const outputs = [
      'gyp http GET https://electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz\ngyp ERR! stack Error: getaddrinfo ENOTFOUND electronjs.org',
      'gyp http GET https://electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz\ngyp ERR! stack FetchError: request to https://electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz failed, reason: connect ETIMEDOUT 1.2.3.4:443',
      'gyp ERR! stack Error: tunneling socket could not be established, cause=connect ECONNREFUSED 127.0.0.1:3128 (request headers)',
      'gyp ERR! stack Error: self-signed certificate in certificate chain (downloading headers)',
    ];
    for (const o of outputs) {
      const why = explainGypFailure(o, '45.4.1');
      expect(why).toMatch(/could not download Electron 45\.4\.1's headers/);
      expect(why).toMatch(/network, proxy or certificate problem, not a missing compiler/);
      expect(why).not.toMatch(/needs Python/);
    }
  });

  it('names Python or the compiler when those are what is missing', () => {
    expect(
      explainGypFailure(
        'gyp ERR! find Python Could not find any Python installation to use',
        '45.4.1',
      ),
    ).toMatch(/needs Python 3/);
    expect(
      explainGypFailure('make: g++: No such file or directory\ngyp ERR! build error', '45.4.1'),
    ).toMatch(/needs a C\+\+ toolchain/);
    expect(
      explainGypFailure(
        'gyp ERR! find VS could not find any Visual Studio installation to use',
        '45.4.1',
      ),
    ).toMatch(/C\+\+ toolchain/);
    expect(explainGypFailure('something else went wrong', '45.4.1')).toMatch(
      /output above says why/,
    );
  });

  it('knows which Node versions are too old for Electron 45', () => {
    expect(nodeTooOldForElectron('20.20.2')).toBe(true);
    expect(nodeTooOldForElectron('v22.11.0')).toBe(true);
    expect(nodeTooOldForElectron('22.12.0')).toBe(false);
    expect(nodeTooOldForElectron('24.1.0')).toBe(false);
  });
});
