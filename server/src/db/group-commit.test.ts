import { describe, expect, it } from "vitest";
import { createGroupCommit } from "./group-commit.js";

/** A write the test finishes by hand, to hold batches open while others arrive. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("group commit", () => {
  it("writes a lone item at once and groups the items that arrive while it is written", async () => {
    const batches: string[][] = [];
    const first = gate();
    const group = createGroupCommit<string, string>({
      writeBatch: async (items) => {
        batches.push(items);
        return items.map((item) => `${item}!`);
      },
      writeOne: async (item) => {
        batches.push([item]);
        if (item === "a") await first.opened;
        return `${item}!`;
      },
      key: (item) => item,
      concurrency: 1,
      maxBatch: 3,
    });
    const answers = [group.write("a")];
    await nextTurn();
    expect(batches).toEqual([["a"]]);
    // These arrive while "a" is being written: they wait for its commit, then go together.
    answers.push(...["b", "c", "d", "e", "f"].map((item) => group.write(item)));
    await nextTurn();
    expect(batches).toEqual([["a"]]);
    first.open();
    expect(await Promise.all(answers)).toEqual(["a!", "b!", "c!", "d!", "e!", "f!"]);
    expect(batches).toEqual([["a"], ["b", "c", "d"], ["e", "f"]]);
  });

  it("keeps two items of one key out of one batch", async () => {
    const batches: string[][] = [];
    const group = createGroupCommit<string, number>({
      writeBatch: async (items) => {
        batches.push(items);
        return items.map(() => batches.length);
      },
      writeOne: async (item) => {
        batches.push([item]);
        return batches.length;
      },
      key: (item) => item.split(":")[0] as string,
      concurrency: 1,
      maxBatch: 10,
    });
    const answers = ["x:0", "x:1", "y:1", "x:2", "z:1"].map((item) => group.write(item));
    expect(await Promise.all(answers)).toEqual([1, 2, 1, 3, 1]);
    expect(batches).toEqual([["x:0", "y:1", "z:1"], ["x:1"], ["x:2"]]);
  });

  it("writes each item of a failed batch again on its own, so one bad item fails only its caller", async () => {
    const first = gate();
    const alone: string[] = [];
    const group = createGroupCommit<string, string>({
      writeBatch: async (items) => {
        if (items.includes("bad")) throw new Error("a row of the batch was refused");
        return items;
      },
      writeOne: async (item) => {
        alone.push(item);
        if (item === "first") await first.opened;
        if (item === "bad") throw new Error("refused");
        return item;
      },
      key: (item) => item,
      concurrency: 1,
      maxBatch: 10,
    });
    const settle = (item: string) =>
      group.write(item).then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      );
    const answers = [settle("first")];
    await nextTurn();
    answers.push(...["good", "bad", "fine"].map(settle));
    first.open();
    expect(await Promise.all(answers)).toEqual([
      { value: "first" },
      { value: "good" },
      { error: "refused" },
      { value: "fine" },
    ]);
    expect(alone).toEqual(["first", "good", "bad", "fine"]);
  });
});
