// The proxy of the topology test (server/test/proxy.ts) as a process of its own, for the benchmark
// across instances: round robin over the instances, connections to them kept alive.
// Usage: node scripts/bench-proxy.mjs <port> <instance url>...
import { tsImport } from "tsx/esm/api";

const [port, ...targets] = process.argv.slice(2);
const { startProxy } = await tsImport("../server/test/proxy.ts", import.meta.url);
const proxy = await startProxy(targets, Number(port), { keepAlive: true });
console.log(`ready ${proxy.url}`);
process.on("SIGTERM", () => proxy.close().then(() => process.exit(0)));
