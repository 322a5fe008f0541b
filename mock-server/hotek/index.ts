export { hotekPublicRoutes } from './public';
export { buildHotekSeed, nearlyFullDate } from './seed';
