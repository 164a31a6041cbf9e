/**
 * Why the demo data must not be seeded here, or undefined when it may be. The demo members and
 * admins sign in with passwords written in the README: never in production.
 */
export function seedingRefusal(env: Record<string, string | undefined>): string | undefined {
  if (env.NODE_ENV === 'production') {
    return 'NODE_ENV=production: the demo data (members and admins whose passwords are in the README) is never seeded in production';
  }
  return undefined;
}
