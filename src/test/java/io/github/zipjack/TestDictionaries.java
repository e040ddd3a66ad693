package io.github.zipjack;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdDictTrainer;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.OrderEvents;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * zstd dictionaries for the tests, trained here with zstd-jni's trainer from generated bodies
 * (zstd's trainer is deterministic: the same samples give the same bytes and ID). Each sample is
 * one body as a test would send it: a list of one order event, or of one person.
 */
final class TestDictionaries {
  /** Bytes of the dictionaries trained here; zstd advises samples about 100 times larger. */
  static final int DICTIONARY_BYTES = 16 * 1024;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static ZstdDictionary orders;
  private static ZstdDictionary ordersOtherSeed;

  private TestDictionaries() {}

  /** Trained on order events 100 to 1,599 of {@link Datasets#ORDERS_SEED}, not on orders-100's. */
  static synchronized ZstdDictionary orders() {
    if (orders == null) {
      orders = train(Datasets.ORDERS_SEED);
    }
    return orders;
  }

  /** Trained the same way on events of another seed: another dictionary, with another ID. */
  static synchronized ZstdDictionary ordersOtherSeed() {
    if (ordersOtherSeed == null) {
      ordersOtherSeed = train(Datasets.ORDERS_SEED + 1);
    }
    return ordersOtherSeed;
  }

  /** The zstd-format dictionary zstd-jni's trainer makes from order events 100 to 1,599 of {@code seed}. */
  static byte[] trainBytes(long seed) {
    int samples = 1500;
    ZstdDictTrainer trainer = new ZstdDictTrainer(samples * 2048, DICTIONARY_BYTES);
    for (int i = 100; i < 100 + samples; i++) {
      trainer.addSample(json(List.of(OrderEvents.event(i, seed))));
    }
    return trainer.trainSamples();
  }

  private static ZstdDictionary train(long seed) {
    return ZstdDictionary.of(trainBytes(seed));
  }

  static byte[] json(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
