import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { WorkspaceInfo } from '../../shared/api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebSession, type WebSession } from '../support/web-session';

// Issue 24 ("an error boundary per screen with a report button that shows the log location"):
// a screen that throws while rendering shows what failed, writes it to the workspace's log and
// says where that is; the sidebar and every other screen keep working, and "Try again" renders
// the screen anew. The failure is real: the Library gets an answer it cannot render.
// (`session.errors` is not checked: React reports the caught error on the console by design.)
describe('a screen that fails to render', () => {
  let session: WebSession;
  let page: Page;

  beforeAll(async () => {
    session = await openWebSession([]);
    page = session.page;
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows the failure and the log file, leaves other screens working, and recovers', async () => {
    const info = await session.services.registry.call('workspace.info', {});
    if (!info.ok) throw new Error(info.error.message);
    const logFile = (info.value as WorkspaceInfo).logFile;
    expect(logFile).toMatch(/logs[/\\]workbench\.log$/);

    // A broken answer for the document list: the Library's table cannot render it.
    await page.route('**/api/call/library.list', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ok: true, value: { documents: null } }),
      }),
    );
    await page.goto(`${session.server.url}#/library`);
    const alert = page.getByRole('alert').filter({ hasText: 'This screen failed' });
    await alert.waitFor();
    await alert.getByText(`Written to the log: ${logFile}`).waitFor();
    // The log holds the failure, with the screen, the error and where in the components.
    const lines = readFileSync(logFile!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const entry = lines.find((l) => l.msg === 'screen failed');
    expect(entry).toMatchObject({ screen: '#/library', host: 'web', level: 50 });
    expect(String(entry!.message)).not.toBe('');
    // The production build is minified: the component stack has frames, not names.
    expect(String(entry!.componentStack)).toMatch(/\n\s+at /);
    expect(String(entry!.stack)).toContain(String(entry!.message));

    // The sidebar still works: another screen renders.
    await page.getByRole('link', { name: 'Runs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Runs', exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'This screen failed' }).count()).toBe(0);

    // Back at the Library with the server answering properly again: Try again renders it.
    await page.getByRole('link', { name: 'Library' }).click();
    await alert.waitFor();
    await page.unroute('**/api/call/library.list');
    // Try again renders the same data, which fails the same way (and is logged again).
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.getByText(`Written to the log: ${logFile}`).waitFor();
    // A reload fetches the list anew.
    await alert.getByRole('button', { name: 'Reload the window' }).click();
    await page.getByRole('heading', { name: 'Your library is empty' }).waitFor();
    const failures = readFileSync(logFile!, 'utf8')
      .trim()
      .split('\n')
      .filter((l) => (JSON.parse(l) as { msg: string }).msg === 'screen failed');
    expect(failures.length).toBeGreaterThanOrEqual(3);
  });
});
