import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readCompose } from "./support/compose.ts";
import { kubernetesChecksRun, ofKind, REPOSITORY, render } from "./support/kustomize.ts";
import { SERVICES } from "./support/services.ts";

const dockerfile = readFileSync(path.join(REPOSITORY, "Dockerfile"), "utf8");
const compose = readCompose();
const rootPackage = JSON.parse(readFileSync(path.join(REPOSITORY, "package.json"), "utf8")) as {
  engines: { node: string };
};

/** The Dockerfile's default `ARG NAME=value`. */
const dockerfileDefault = (name: string) => dockerfile.match(new RegExp(`^ARG ${name}=(\\S+)$`, "m"))?.[1];

/** A compose value `${VARIABLE:-default}`, split into its variable and default. */
const overridable = (value: string | undefined) => value?.match(/^\$\{([A-Z_]+):-([^}]+)\}$/)?.slice(1);

describe("the images", () => {
  it("run a maintained Node LTS line (even-numbered, 22 or newer), named once in the Dockerfile", () => {
    const nodeImage = dockerfileDefault("NODE_IMAGE");
    const major = Number(nodeImage?.match(/^node:(\d+)-/)?.[1]);
    expect(major).toBeGreaterThanOrEqual(22);
    expect(major % 2).toBe(0);
    // Every stage starts from it (or from a stage that does); no other base image is named.
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(
      bases.filter(
        (base) => !/^(\$\{NODE_IMAGE\}|deps|runtime|runtime-[a-z]+|runtime-\$\{SERVICE\})$/.test(base ?? ""),
      ),
    ).toEqual([]);
    // The local development floor is older than the images' line, never newer.
    expect(Number(rootPackage.engines.node.match(/(\d+)/)?.[1])).toBeLessThanOrEqual(major);
  });

  it("are built by one Dockerfile, one runtime stage per service, as compose tags them", () => {
    const stages = [...dockerfile.matchAll(/^FROM runtime AS runtime-([a-z]+)$/gm)].map((match) => match[1]);
    expect(stages.sort()).toEqual(Object.keys(SERVICES).sort());
    for (const service of Object.keys(SERVICES)) {
      const entry = compose.services[service];
      expect(entry?.build, service).toEqual({ context: ".", args: { SERVICE: service } });
      expect(entry?.image, service).toBe(`tubedigest/${service}:dev`);
    }
  });

  it("share one build of every bundle; each service's stage copies in only its own and checks the image", () => {
    // The Dockerfile's stages by name, each the text from its FROM line to the next.
    const stages = Object.fromEntries(
      dockerfile
        .split(/^(?=FROM )/m)
        .map((stage) => [stage.match(/^FROM \S+ AS (\S+)$/m)?.[1], stage] as const)
        .filter(([name]) => name !== undefined),
    );
    // No SERVICE in the build stage, so it is the same, and built once, for all seven images.
    expect(stages.build).toBeDefined();
    expect(stages.build).not.toMatch(/SERVICE/);
    expect(
      stages.build
        ?.match(/services="([a-z ]+)"/)?.[1]
        ?.split(" ")
        .sort(),
    ).toEqual(Object.keys(SERVICES).sort());
    for (const service of Object.keys(SERVICES)) {
      const stage = stages[`runtime-${service}`] ?? "";
      const copied = [...stage.matchAll(/^COPY --from=build (\S+) (\S+)$/gm)].map((match) => [
        match[1],
        match[2],
      ]);
      expect(copied, service).toEqual([
        [`/out/services/${service}/`, `services/${service}/`],
        ...(service === "gateway" ? [["/out/web/", "web/"]] : []),
      ]);
      expect(stage, service).toContain(`sh /tmp/image-check.sh ${service}\n`);
    }
  });

  it("take their infrastructure images from variables, defaulting to the official ones", () => {
    for (const [service, variable] of Object.entries({
      postgres: "POSTGRES_IMAGE",
      redis: "REDIS_IMAGE",
      rabbitmq: "RABBITMQ_IMAGE",
      mailpit: "MAILPIT_IMAGE",
    })) {
      const [name, fallback] = overridable(compose.services[service]?.image) ?? [];
      expect(name, service).toBe(variable);
      expect(fallback, service).toMatch(/^[a-z/]+:[\w.-]+$/);
    }
  });
});

describe("the summariser's speech tools", () => {
  const stage = dockerfile.slice(
    dockerfile.indexOf("FROM runtime AS runtime-summariser"),
    dockerfile.indexOf("FROM runtime AS runtime-mailer"),
  );

  it("come from the YT_DLP_SOURCE choices its comment names, which are the ones its build accepts", () => {
    const named = [...stage.matchAll(/^# {3}([a-z]+) {2,}\S/gm)].map((match) => match[1]);
    const accepted = [
      ...(stage.match(/case "\$YT_DLP_SOURCE" in([\s\S]*?)esac/)?.[1] ?? "").matchAll(/^\s+([a-z]+)\) /gm),
    ].map((match) => match[1]);
    expect(named).toEqual(["debian", "release", "local"]);
    expect(accepted).toEqual(named);
    expect(stage).toContain("YT_DLP_SOURCE must be debian, release or local");
    expect(named).toContain(dockerfileDefault("YT_DLP_SOURCE"));
  });

  it("from local files: those its README names, in a directory the build context holds and git ignores", () => {
    const readme = readFileSync(path.join(REPOSITORY, "containers/speech-tools/README.md"), "utf8");
    const files = [
      ...[...stage.matchAll(/^\s+[a-z0-9]+\) ytdlp=([^;]+); deno=([^ ;]+) ;;/gm)].flatMap((match) => [
        match[1],
        match[2],
      ]),
      stage.match(/plugin=(\S+) /)?.[1],
    ];
    expect(files).toHaveLength(5);
    for (const file of files) expect(readme, file).toContain(`\`${file}\``);
    expect(stage).toContain("staged=/tmp/containers/speech-tools");
    expect(stage).toContain("--mount=type=bind,source=containers,target=/tmp/containers");
    const dockerignore = readFileSync(path.join(REPOSITORY, ".dockerignore"), "utf8").split("\n");
    expect(dockerignore).toContain("!containers/speech-tools");
    const gitignore = readFileSync(path.join(REPOSITORY, ".gitignore"), "utf8").split("\n");
    expect(gitignore).toEqual(
      expect.arrayContaining(["/containers/speech-tools/*", "!/containers/speech-tools/README.md"]),
    );
    // Kept out of the bundles' build, so placing the files does not rebuild them.
    expect(dockerfile).toMatch(
      /^FROM \$\{NODE_IMAGE\} AS source\n(?:.*\n)*?RUN rm -rf containers\/speech-tools$/m,
    );
  });
});

describe.skipIf(!kubernetesChecksRun())("the Kubernetes manifests' images", () => {
  it("are the ones compose builds and runs: each service's image from the Dockerfile, the same infrastructure", () => {
    const objects = render("k8s/overlays/dev");
    const workloads = [
      ...ofKind(objects, "Deployment"),
      ...ofKind(objects, "StatefulSet"),
      // The migrate Jobs, named as compose's one-off migrate services are.
      ...ofKind(objects, "Job"),
    ];
    const images = Object.fromEntries(
      workloads.map((workload) => [workload.metadata.name, workload.spec.template.spec.containers[0].image]),
    );
    for (const [service, entry] of Object.entries(compose.services)) {
      const fallback = overridable(entry.image)?.[1];
      expect(images[service], service).toBe(fallback ?? entry.image);
    }
    expect(Object.keys(images).sort()).toEqual(Object.keys(compose.services).sort());
  });

  it("are pinned by the production overlay to a registry and release of the same service images", () => {
    const production = parse(
      readFileSync(path.join(REPOSITORY, "k8s/overlays/production/kustomization.yaml"), "utf8"),
    ) as { images: { name: string }[] };
    expect(production.images.map((image) => image.name).sort()).toEqual(
      Object.keys(SERVICES)
        .map((service) => `tubedigest/${service}`)
        .sort(),
    );
  });
});
