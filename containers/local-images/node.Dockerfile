# Node on Debian, laid out like the official node image (binary in /usr/local, npm beside it, the `node`
# user with uid 1000), made by make-local-images.sh from files it fetched from the npm registry.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
# libatomic1: the official Node binary links it.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libatomic1 \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY node/ /usr/local/
COPY npm/ /usr/local/lib/node_modules/npm/
# After the packages, which would write Debian's bundle over it.
COPY trust/ /etc/ssl/certs/
# Node trusts its own CA list, plus the system's through this.
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
CMD ["node"]
