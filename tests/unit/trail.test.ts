import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import { features } from '../../src/features';
import { resources } from '../../src/resources';
import { breadcrumbTrail, featurePlaces, titleParts, type CrumbLabel } from '../../src/shell/trail';

const lookup = (key: string): string | undefined =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en) as
    string | undefined;
const exists = (key: string) => typeof lookup(key) === 'string';
const text = (label: CrumbLabel) => ('key' in label ? lookup(label.key) : label.text);

// The features' own pages as the shell gets them.
const trail = (pathname: string) =>
  breadcrumbTrail(pathname, { ...featurePlaces(features), resources, exists });
const crumbs = (pathname: string) => trail(pathname).map((crumb) => text(crumb.label));
const title = (pathname: string) => titleParts(trail(pathname)).map(text).join(' · ');

describe('breadcrumb trail', () => {
  it("uses the spec's labels for the dashboard and its areas", () => {
    expect(crumbs('/dashboard/app')).toEqual(['Dashboard', 'Overview']);
    expect(crumbs('/dashboard/user/list')).toEqual(['Dashboard', 'Users', 'List']);
    expect(crumbs('/dashboard/page/new-pdf')).toEqual(['Dashboard', 'Pages', 'New PDF page']);
    expect(crumbs('/dashboard/amenities/3/edit')).toEqual(['Dashboard', 'Amenities', '#3', 'Edit']);
    expect(crumbs('/dashboard/message')).toEqual(['Dashboard', 'Notification']);
    expect(crumbs('/dashboard/message/manage')).toEqual(['Dashboard', 'Notification', 'Manage']);
  });

  it('says which record a record’s step is, so the breadcrumb can show its name', () => {
    expect(trail('/dashboard/amenities/3/edit')[2]?.label).toEqual({
      text: '#3',
      record: { resource: 'amenities', id: 3 },
    });
    expect(trail('/dashboard/pos/products/12/show')[3]?.label).toMatchObject({
      record: { resource: 'pos-products', id: 12 },
    });
  });

  it('names the error pages instead of showing their status as a record id', () => {
    expect(crumbs('/403')).toEqual(['Dashboard', 'No Permission']);
    expect(crumbs('/500')).toEqual(['Dashboard', 'Server error']);
    expect(trail('/403')[0]?.path).toBe('/dashboard/app');
  });

  it('has no Bookings step on the timeslot pages (the longest resource route wins)', () => {
    expect(crumbs('/dashboard/apps/hotek/timeslots/list')).toEqual([
      'Dashboard',
      'Apps',
      'Hotek',
      'Timeslots',
      'List',
    ]);
    expect(crumbs('/dashboard/apps/hotek/timeslots/4/edit')).not.toContain('Bookings');
    // The bookings' own list still names them.
    expect(crumbs('/dashboard/apps/hotek/list')).toEqual(['Dashboard', 'Apps', 'Bookings', 'List']);
    // The catalogue's route passes through a step that bears its name: no "Apps / Apps".
    expect(crumbs('/dashboard/apps/catalogue/list')).toEqual([
      'Dashboard',
      'Apps',
      'App catalogue',
      'List',
    ]);
  });

  it("names the record of a feature's page of one record, not its id (a request)", () => {
    expect(trail('/dashboard/requests/4')[2]?.label).toEqual({
      text: '#4',
      record: { resource: 'submissions', id: 4 },
    });
    expect(crumbs('/dashboard/requests/4')).toEqual(['Dashboard', 'Requests', '#4']);
    expect(title('/dashboard/requests/4')).toBe('#4 · Requests');
  });

  it('gives every crumb of a show page its own key', () => {
    const keys = trail('/dashboard/user/2/show').map((crumb) => crumb.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(crumbs('/dashboard/user/2/show')).toEqual(['Dashboard', 'Users', '#2', 'Details']);
  });

  it('links only the steps that are pages', () => {
    const links = trail('/dashboard/pos/products/7/edit').map((crumb) => crumb.path);
    expect(links).toEqual([
      '/dashboard',
      '/dashboard/pos',
      '/dashboard/pos/products',
      '/dashboard/pos/products/7/show',
      undefined,
    ]);
    expect(trail('/dashboard/apps/hotek/timeslots/list')[1]?.path).toBeUndefined();
  });
});

describe('page titles', () => {
  it('names each page by its place, never a raw key or undefined', () => {
    expect(title('/dashboard/app')).toBe('Overview');
    expect(title('/dashboard/user/list')).toBe('Users');
    expect(title('/dashboard/user/new')).toBe('New · Users');
    expect(title('/dashboard/amenities/3/edit')).toBe('Edit · #3 · Amenities');
    expect(title('/dashboard/apps/hotek/timeslots/list')).toBe('Timeslots');
    expect(title('/dashboard/pos/products/list')).toBe('Products · Point of sale');
    expect(title('/403')).toBe('No Permission');
    expect(title('/auth/login')).toBe('Sign in');
    expect(title('/auth/reset-password')).toBe(en.auth.resetTitle);
  });

  it('has a translated title for every list page of the registry', () => {
    for (const resource of resources) {
      const parts = titleParts(trail(`/dashboard/${resource.route}/list`)).map(text);
      expect(parts.join(' · ')).not.toMatch(/undefined|resources\.|\.title/);
      expect(parts.length).toBeGreaterThan(0);
    }
  });
});
