import { describe, expect, it } from "@jest/globals";
import { migrate, MigrationRefused, MIGRATIONS } from "../../src/server/migrations";
import { openTestDatabase } from "./helpers";

// A rollback that keeps the database (docs/deploy.md, "Upgrades and rollback"): an older release finds
// migrations it does not know and stops, saying why, instead of serving from a schema it was not written for.

describe("a database a newer release migrated", () => {
  it("stops an older release at start, naming the migrations it does not know", async () => {
    const { db, drop } = await openTestDatabase();
    try {
      expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
      const older = MIGRATIONS.slice(0, -2);
      const newer = MIGRATIONS.slice(-2).map((m) => m.version);
      const refused = migrate(db, older);
      await expect(refused).rejects.toBeInstanceOf(MigrationRefused);
      await expect(refused).rejects.toThrow(
        `This database has migrations ${newer.join(", ")}, which this release of the server does not know`,
      );
      // The release it was migrated by still starts, with nothing to apply.
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
      await drop();
    }
  }, 60_000);
});
