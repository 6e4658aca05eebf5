// One app server of the Crash autobet test with two servers (app/modules/games/house/crash/autobet-instances.test.ts):
// on "go" its engine serves the round's autobets `passes` times at once, as a second leader would after a failover,
// and reports how many bets its passes placed.
// Run: tsx tests/support/crash-autobet-instance.ts '{"roundId":1,"passes":25}' (DATABASE_URL set).
import { placeAutobets } from "#app/modules/games/house/crash/autobet.server.ts";
import { instanceInput, instanceReady, instanceResult } from "./instance-child.ts";

const { roundId, passes } = instanceInput<{ roundId: number; passes: number }>();
await instanceReady();
const placed = await Promise.all(Array.from({ length: passes }, () => placeAutobets(roundId)));
instanceResult({ placed: placed.reduce((a, b) => a + b, 0) });
