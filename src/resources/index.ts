import type { ResourceDeclaration } from '../schema/resource';

/**
 * The resource registry: one line per declared entity. Pages, menu entries, validation and the
 * API's rules all follow from what is listed here.
 */
export const resources: ResourceDeclaration[] = [];
