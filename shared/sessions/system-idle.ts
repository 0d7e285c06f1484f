import { z } from 'zod';

/**
 * The operating system's view of the user (Electron's powerMonitor): `idle` when nobody touched
 * the machine for the idle threshold, `locked` when the screen locked or the machine is going to
 * sleep. Web mode has no such event; the page's own input and visibility are used there.
 */
export const SystemIdle = z.object({
  state: z.enum(['active', 'idle', 'locked']),
  /** Seconds since the last input anywhere on the machine (0 when not known). */
  idleSeconds: z.number().min(0),
});
export type SystemIdle = z.infer<typeof SystemIdle>;
