// `npm run lint`: fails when a part of the server writes a table another part owns.
import { findForeignWrites, serverSources } from "./table-owners.js";

const found = findForeignWrites(serverSources());
for (const write of found) {
  console.error(`${write.file}: ${write.writer} writes ${write.table}, which ${write.owner} owns.`);
}
if (found.length > 0) {
  console.error(
    `\n${found.length} write(s) of tables owned elsewhere: ask the owner through its face (server/src/db/schema/*.ts declares each table's owner).`,
  );
  process.exit(1);
}
console.log("Every table is written by its owner only.");
