import { describe, expect, it, vi } from "vitest";
import { ApiError, apiGet, apiPost, apiUpload } from "./api";
import { errors } from "./messages";

function stubFetch(respond: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => respond());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("api client", () => {
  it("calls /api and returns the parsed body", async () => {
    const fetchMock = stubFetch(() => json([]));
    await expect(apiGet("/pricing", (c) => c.PricingList)).resolves.toEqual([]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/pricing");
  });

  it("throws an ApiError with the server's message", async () => {
    stubFetch(() => json({ error: { code: "not_found", message: "Plan not found." } }, 404));
    const failure = apiGet("/pricing/x", (c) => c.PricingList);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 404,
      code: "not_found",
      message: "Plan not found.",
    });
  });

  it("rejects a response that does not match the contract", async () => {
    stubFetch(() => json([{ unexpected: true }]));
    await expect(apiGet("/pricing", (c) => c.PricingList)).rejects.toMatchObject({
      code: "invalid_response",
    });
  });

  it("takes a null answer as it is when asked to, and still checks any other answer", async () => {
    stubFetch(() => json(null));
    const pick = vi.fn((c: Parameters<Parameters<typeof apiGet>[1]>[0]) => c.Session);
    await expect(apiGet("/auth/get-session", pick, { acceptNull: true })).resolves.toBeNull();
    expect(pick).not.toHaveBeenCalled();
    stubFetch(() => json({ user: { unexpected: true } }));
    await expect(apiGet("/auth/get-session", pick, { acceptNull: true })).rejects.toMatchObject({
      code: "invalid_response",
    });
  });

  it("reports an unreachable server as a network error", async () => {
    stubFetch(() => {
      throw new TypeError("fetch failed");
    });
    await expect(apiGet("/pricing", (c) => c.PricingList)).rejects.toMatchObject({
      status: 0,
      code: "network",
      message: errors.network,
    });
  });

  it("sends a JSON content type only together with a body", async () => {
    const fetchMock = stubFetch(() => json([]));
    await apiPost("/pricing", (c) => c.PricingList);
    await apiPost("/pricing", (c) => c.PricingList, { name: "x" });
    const [withoutBody, withBody] = fetchMock.mock.calls.map(([, init]) => init);
    expect(withoutBody?.body).toBeUndefined();
    expect(withoutBody?.headers).not.toHaveProperty("content-type");
    expect(withBody?.body).toBe('{"name":"x"}');
    expect(withBody?.headers).toHaveProperty("content-type", "application/json");
  });

  it("sends files as multipart, leaving the content type (and its boundary) to the browser", async () => {
    const fetchMock = stubFetch(() => json([]));
    const form = new FormData();
    form.append("file", new File(["hello"], "brief.txt", { type: "text/plain" }));
    await apiUpload("/pricing", (c) => c.PricingList, form);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/pricing");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty("content-type");
  });
});
