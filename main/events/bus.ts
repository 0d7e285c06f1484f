import type { EventName, EventPayload } from '../../shared/api/contract';

export type EventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** In-process fan-out of push events to whichever transports are attached. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const l of this.listeners) l(name, payload);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
