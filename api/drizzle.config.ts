import { defineConfig } from 'drizzle-kit';

/** Only `drizzle-kit generate` uses this; the API applies the folder itself at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
