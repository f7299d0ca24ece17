import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { JsonStore } from "./json_store.ts";
import { storeConformance, TEST_DIM } from "./store_conformance.ts";

storeConformance("json", (dir, options) =>
  JsonStore.open(
    {
      dir,
      embedding_dim: TEST_DIM,
      cold_start_threshold: 5,
      checkpoint_after: options?.checkpointAfter,
    },
    { embedder: new HashEmbedder(TEST_DIM), clock: logicalClock() },
  ));
