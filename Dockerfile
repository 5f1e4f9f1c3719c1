# The shop as one image: `docker build -t agency-shop .` (compose.yaml runs two of them behind Caddy).
# Build stage: every dependency, then the contract, the web app (prerendered, compressed) and the server.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies of the server only (the web app is static files by now).
FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --omit=dev --workspace server --no-audit --no-fund && npm cache clean --force

# Runtime: compiled code, migrations, the built web app and those dependencies; runs as `node`.
FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/contract/package.json ./contract/
COPY --from=build /app/contract/dist ./contract/dist
COPY --from=build /app/server/package.json ./server/
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/server/migrations ./server/migrations
COPY --from=build /app/web/build/client ./web/build/client
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The young generation's size can only be given on the command line (scripts/server-command.mjs).
CMD ["node", "--min-semi-space-size=4", "server/dist/main.js"]
