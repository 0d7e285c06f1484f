import { describe, expect, it } from 'vitest';
import { parseRoute, routeHash } from '../../../renderer/stores/navigation/navigation-store';

describe('Models screen route', () => {
  it('is #/models both ways', () => {
    expect(parseRoute('#/models')).toEqual({ screen: 'models' });
    expect(routeHash({ screen: 'models' })).toBe('#/models');
    expect(parseRoute('#/models/x')).toEqual({ screen: 'library' });
  });
});
