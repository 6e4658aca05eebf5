// A second app instance for the events-bus tests on PostgreSQL: this process loads the real bus module (its own
// instance id and connection), publishes the notices given as JSON in argv[2], waits for the NOTIFY and exits.
// Run: node tests/support/bus-instance.ts '[{"kind":"inbox","playerId":42}]' (DATABASE_URL, PUBLIC_URL set).
import { database } from "#app/db/db.server.ts";
import { publish } from "#app/modules/events/bus.server.ts";

const notices = JSON.parse(process.argv[2] ?? "[]") as Parameters<typeof publish>[0][];
await Promise.all(notices.map((n) => publish(n)));
await database.close();
