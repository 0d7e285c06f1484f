/**
 * Child process for jobs-restart.test.ts: opens a workspace, starts parsing document ID, prints
 * "running JOBID" once the job's row exists, and then waits to be killed mid-parse.
 */
import { startServices } from '../../../main/services';

async function run(): Promise<void> {
  const [dir, id] = process.argv.slice(2);
  const services = await startServices({ workspaceDir: dir!, host: { kind: 'cli' } });
  let told = false;
  services.bus.subscribe((name, payload) => {
    const p = payload as { state?: string; jobId?: string };
    if (name === 'job.progress' && p.state === 'running' && !told) {
      told = true;
      process.stdout.write(`running ${p.jobId}\n`);
    }
  });
  await services.registry.call('document.open', { id: Number(id) });
  process.stdout.write('finished\n');
}

void run();
