import { describe, expect, it } from 'vitest';
import { sessionKeyAction } from '../../../renderer/features/sessions/session-keys';
import { durationText, durationWords } from '../../../renderer/stores/sessions/duration-text';
import { parseRoute, routeHash } from '../../../renderer/stores/navigation/navigation-store';

const key = (
  k: string,
  mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {},
) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('session keys', () => {
  it('chords work while typing the answer, letters only outside text fields', () => {
    expect(sessionKeyAction(key('Enter', { ctrlKey: true }), true)).toBe('submit');
    expect(sessionKeyAction(key('Enter', { metaKey: true }), false)).toBe('submit');
    expect(sessionKeyAction(key('ArrowRight', { altKey: true }), true)).toBe('next');
    expect(sessionKeyAction(key('ArrowLeft', { altKey: true }), true)).toBe('previous');
    expect(sessionKeyAction(key('p', { altKey: true }), true)).toBe('togglePause');
    expect(sessionKeyAction(key('π', { altKey: true }), true)).toBe('togglePause');
    for (const [k, action] of [
      ['j', 'next'],
      ['k', 'previous'],
      ['s', 'skip'],
      ['e', 'toggleMark'],
      ['a', 'focusAnswer'],
      ['p', 'togglePause'],
    ] as const) {
      expect(sessionKeyAction(key(k), false)).toBe(action);
      expect(sessionKeyAction(key(k), true)).toBeUndefined();
    }
    // Plain Enter, Ctrl+letters (copy, paste) and capitals are left alone.
    expect(sessionKeyAction(key('Enter'), false)).toBeUndefined();
    expect(sessionKeyAction(key('c', { ctrlKey: true }), false)).toBeUndefined();
    expect(sessionKeyAction(key('J', { shiftKey: true }), false)).toBeUndefined();
    expect(sessionKeyAction(key('Escape'), false)).toBe('clearSelection');
  });
});

describe('duration text', () => {
  it('reads as a clock, never showing a second that has not passed', () => {
    expect(durationText(0)).toBe('0:00');
    expect(durationText(59.9)).toBe('0:59');
    expect(durationText(245)).toBe('4:05');
    expect(durationText(3723)).toBe('1:02:03');
    expect(durationText(4 * 3600)).toBe('4:00:00');
    expect(durationText(-12)).toBe('-0:12');
    expect(durationText(Number.NaN)).toBe('—');
  });
  it('has a short spoken form', () => {
    expect(durationWords(45)).toBe('45 s');
    expect(durationWords(200)).toBe('3 min 20 s');
    expect(durationWords(180)).toBe('3 min');
    expect(durationWords(7500)).toBe('2 h 5 min');
    expect(durationWords(-3)).toBe('0 s');
  });
});

describe('session routes', () => {
  it('list, session and results in the URL hash, round trip', () => {
    expect(parseRoute('#/sessions')).toEqual({ screen: 'sessions' });
    expect(parseRoute('#/session/4')).toEqual({ screen: 'session', id: 4 });
    expect(parseRoute('#/session/4/results')).toEqual({ screen: 'session-results', id: 4 });
    for (const r of [
      { screen: 'sessions' },
      { screen: 'session', id: 12 },
      { screen: 'session-results', id: 12 },
    ] as const)
      expect(parseRoute(routeHash(r))).toEqual(r);
    for (const h of ['#/session/', '#/session/x', '#/session/4/other', '#/sessions/1'])
      expect(parseRoute(h)).toEqual({ screen: 'library' });
  });
});
