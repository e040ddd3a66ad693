package io.github.zipjack.bench;

import com.github.luben.zstd.ZstdDictTrainer;
import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZstdDictionary;
import io.github.zipjack.data.DatasetGenerator;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.OrderEvents;
import java.util.ArrayList;
import java.util.List;

/**
 * The dictionaries of {@link DictionaryBenchmark}, trained with zstd-jni's trainer on bodies of the
 * same kind as the measured one but never on it: for {@code people-1} (person 0 of
 * {@code Datasets.PEOPLE_SEED}), 1,000 people of the next seed; for {@code orders-1} (event 0 of
 * {@code Datasets.ORDERS_SEED}), events 100 to 1,099 of the same seed. Each sample is one body as
 * the pipeline serializes it: a list of one record. Deterministic: the same dictionary every run.
 * Stateless; thread-safe.
 */
public final class DictionaryTraining {
  /** The datasets it can train for: one record each, with others of their kind to train on. */
  public static final List<String> DATASETS = List.of("people-1", "orders-1");
  /** Bodies trained on. */
  public static final int TRAINING_BODIES = 1000;
  /**
   * Dictionary size in bytes. zstd's rule is about a hundredth of the samples (here about 10 KB);
   * on people, whose text varies more, 64 KB made the smallest bodies, and orders lose nothing by it.
   */
  public static final int DICTIONARY_BYTES = 64 * 1024;

  private DictionaryTraining() {}

  /** The values of the training bodies for {@code dataset}, each a list of one record. */
  public static List<Object> trainingValues(String dataset) {
    List<Object> values = new ArrayList<>(TRAINING_BODIES);
    switch (dataset) {
      case "people-1" -> DatasetGenerator.people(TRAINING_BODIES, Datasets.PEOPLE_SEED + 1)
          .forEach(p -> values.add(List.of(p)));
      case "orders-1" -> {
        for (int i = 100; i < 100 + TRAINING_BODIES; i++) {
          values.add(List.of(OrderEvents.event(i, Datasets.ORDERS_SEED)));
        }
      }
      default -> throw new IllegalArgumentException("no training bodies for dataset " + dataset
          + "; dictionaries are trained for " + DATASETS);
    }
    return values;
  }

  /** The dictionary for {@code dataset}, trained on {@link #trainingValues} serialized as JSON. */
  public static ZstdDictionary train(String dataset) {
    List<Object> values = trainingValues(dataset);
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      ZstdDictTrainer trainer = new ZstdDictTrainer(TRAINING_BODIES * 4096, DICTIONARY_BYTES);
      for (Object value : values) {
        trainer.addSample(plain.encode(value));
      }
      return ZstdDictionary.of(trainer.trainSamples());
    }
  }

  /**
   * The measured body's sizes in bytes: {@code {JSON, zstd(1), zstd(1) with the dictionary}}.
   * Exact, so the report computes them instead of measuring them.
   */
  public static long[] sizes(String dataset) {
    Object value = Datasets.load(dataset).value();
    ZstdDictionary dictionary = train(dataset);
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build();
        Pipeline zstd = Pipeline.builder().compression(Compression.zstd(1)).build();
        Pipeline withDictionary = Pipeline.builder().compression(Compression.zstd(1, dictionary)).build()) {
      return new long[] {plain.encode(value).length, zstd.encode(value).length, withDictionary.encode(value).length};
    }
  }
}
