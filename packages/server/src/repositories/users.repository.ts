import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async create(input: {
      email: string;
      passwordHash: string;
      serialId: string;
      verified: boolean;
    }): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...input, email: input.email.toLowerCase() })
        .returning();
      if (!row) throw new Error('insert into users returned nothing');
      return row;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
