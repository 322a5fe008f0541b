import { describe, expect, it } from 'vitest';
import { features } from '../../src/features';
import { defineFeature } from '../../src/features/types';
import { resources } from '../../src/resources';

describe('features extend registered resources', () => {
  it('names only declarations of the registry', () => {
    const names = new Set(resources.map((resource) => resource.name));
    const extended = features.flatMap((feature) => Object.keys(feature.extend ?? {}));
    expect(extended.length).toBeGreaterThan(5);
    expect(extended.filter((name) => !names.has(name))).toEqual([]);
  });

  it('is checked by TypeScript', () => {
    // `npm run typecheck` fails if the line below stops being an error: `user` is a route, the
    // resource is `users`.
    // @ts-expect-error not a registered resource name
    const wrong = defineFeature({ name: 'wrong', extend: { user: { indexElement: null } } });
    const right = defineFeature({ name: 'right', extend: { users: { indexElement: null } } });
    expect(Object.keys(wrong.extend ?? {})).toEqual(['user']);
    expect(Object.keys(right.extend ?? {})).toEqual(['users']);
  });
});
