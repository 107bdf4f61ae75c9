import type { ProfileRow } from '../../engine/profile-from-answers';

/** Table `profiles` (RLS: a user may insert their own row). */
export interface ProfileStore {
  /** Inserts the row; rejects with the database's error message. */
  insert(row: ProfileRow): Promise<void>;
}
