/** Nothing is shared across workers: each worker opens its own database (see db.ts). */
export default function setup() {
  process.env.NODE_ENV = 'test';
}
