# syntax=docker/dockerfile:1
# One Node container: the Remix app and its backend-for-frontend.

FROM node:22-bookworm-slim AS deps
WORKDIR /app
# No compiler: the store's SQLite driver (libsql) comes prebuilt for glibc and musl as npm packages.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
WORKDIR /app
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
# The font the invoice PDFs embed.
COPY --from=build --chown=node:node /app/assets ./assets
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# A young generation of 2 MB semi-spaces instead of V8's 16: 40-60 MB less resident memory with the
# catalogue at 100 000 parts, as `npm start` runs it too (docs/performance.md, decision 008).
CMD ["node", "--max-semi-space-size=2", "build/index.js"]
