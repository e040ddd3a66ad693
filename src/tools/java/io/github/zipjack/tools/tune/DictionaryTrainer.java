package io.github.zipjack.tools.tune;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import java.util.ArrayList;
import java.util.List;

/**
 * Trains a zstd dictionary on sample bodies with zstd-jni's trainer (zstd's {@code ZDICT}, as
 * {@code zstd --train} does) and chooses its size by measurement. Every fifth body is held out; the
 * rest train one dictionary per candidate size, from zstd's own default, 110 KiB, down to 1 KiB,
 * leaving out sizes over a tenth of the training bytes (zstd advises about 100 times the dictionary
 * size in samples, so fewer samples give a smaller dictionary); each candidate compresses the
 * held-out bodies at zstd level 1 with frames as zipjack writes them (checksum on), and the smallest
 * dictionary within 1% of the best held-out size is chosen. The dictionary returned is the one
 * measured, trained without the held-out bodies. Not thread-safe; stateless between calls.
 */
final class DictionaryTrainer {
  /** zstd's {@code --train} default maximum size (its {@code --maxdict}), bytes. */
  static final int ZSTD_DEFAULT_BYTES = 112_640;
  static final int MIN_BYTES = 1024;
  /** Bodies needed to train: 8 to train and 2 held out at the least. */
  static final int MIN_BODIES = 10;
  /** Samples per dictionary byte that zstd advises (zdict.h: about 100x); we accept 10x. */
  static final int MIN_SAMPLE_RATIO = 10;
  static final int LEVEL = 1;
  private static final int HOLD_OUT_EVERY = 5;
  private static final double TOLERANCE = 1.01;

  /**
   * One candidate's outcome.
   *
   * @param dictionaryBytes the size asked for
   * @param dictionary the trained dictionary (its own size may be smaller), or null when training failed
   * @param heldOutBytes the held-out bodies' total compressed size with it
   * @param failure zstd's reason when training failed, else null
   */
  record Candidate(int dictionaryBytes, byte[] dictionary, long heldOutBytes, String failure) {}

  /**
   * The result: the chosen dictionary and how it was chosen.
   *
   * @param dictionary the chosen dictionary, in zstd's format
   * @param id its dictionary ID, which frames made with it carry
   * @param trainingBodies bodies trained on
   * @param trainingBytes their bytes
   * @param heldOutBodies bodies held out
   * @param heldOutRawBytes their raw bytes
   * @param heldOutPlainBytes their compressed bytes at zstd level 1 without a dictionary
   * @param candidates every size tried, largest first
   */
  record Trained(byte[] dictionary, long id, int trainingBodies, long trainingBytes, int heldOutBodies,
      long heldOutRawBytes, long heldOutPlainBytes, List<Candidate> candidates) {

    long heldOutDictionaryBytes() {
      return candidates.stream().filter(c -> c.dictionary() == dictionary).findFirst().orElseThrow().heldOutBytes();
    }
  }

  private DictionaryTrainer() {}

  /** Whether the body at this index is held out from training. */
  static boolean heldOut(int index) {
    return index % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1;
  }

  /**
   * Trains and chooses, as the class doc says.
   *
   * @param bodies the JSON bodies, as zipjack serializes them
   * @throws BadInputException when there are too few bodies or bytes, or no candidate trains
   */
  static Trained train(List<byte[]> bodies) throws BadInputException {
    if (bodies.size() < MIN_BODIES) {
      throw BadInputException.sample("a dictionary needs at least " + MIN_BODIES + " bodies to train on and"
          + " test with; the samples hold " + bodies.size());
    }
    List<byte[]> training = new ArrayList<>();
    List<byte[]> heldOut = new ArrayList<>();
    long trainingBytes = 0;
    long heldOutRaw = 0;
    for (int i = 0; i < bodies.size(); i++) {
      if (heldOut(i)) {
        heldOut.add(bodies.get(i));
        heldOutRaw += bodies.get(i).length;
      } else {
        training.add(bodies.get(i));
        trainingBytes += bodies.get(i).length;
      }
    }
    long largest = trainingBytes / MIN_SAMPLE_RATIO;
    if (largest < MIN_BYTES) {
      throw BadInputException.sample("a dictionary needs at least " + MIN_BYTES * MIN_SAMPLE_RATIO
          + " bytes of samples to train on; the samples hold " + trainingBytes + " (besides " + heldOutRaw
          + " held out)");
    }
    byte[][] samples = training.toArray(new byte[0][]);
    List<Candidate> candidates = new ArrayList<>();
    for (int size = ZSTD_DEFAULT_BYTES; size >= MIN_BYTES; size = size == ZSTD_DEFAULT_BYTES ? 65_536 : size / 2) {
      if (size <= largest) {
        candidates.add(candidate(samples, size, heldOut));
      }
    }
    long plain = compressedBytes(heldOut, null);
    Candidate best = null;
    for (Candidate c : candidates) {
      if (c.dictionary() != null && (best == null || c.heldOutBytes() < best.heldOutBytes())) {
        best = c;
      }
    }
    if (best == null) {
      throw BadInputException.sample("zstd could not train a dictionary on these samples: "
          + candidates.get(candidates.size() - 1).failure());
    }
    Candidate chosen = best;
    for (Candidate c : candidates) { // largest first, so the last within tolerance is the smallest
      if (c.dictionary() != null && c.heldOutBytes() <= best.heldOutBytes() * TOLERANCE) {
        chosen = c;
      }
    }
    return new Trained(chosen.dictionary(), Zstd.getDictIdFromDict(chosen.dictionary()), training.size(),
        trainingBytes, heldOut.size(), heldOutRaw, plain, List.copyOf(candidates));
  }

  private static Candidate candidate(byte[][] samples, int size, List<byte[]> heldOut) {
    byte[] buffer = new byte[size];
    long written = Zstd.trainFromBuffer(samples, buffer, false, LEVEL);
    if (Zstd.isError(written)) {
      return new Candidate(size, null, -1, Zstd.getErrorName(written));
    }
    byte[] dictionary = java.util.Arrays.copyOf(buffer, (int) written);
    return new Candidate(size, dictionary, compressedBytes(heldOut, dictionary), null);
  }

  /** The bodies' total size at zstd level 1, checksummed frames, with the dictionary or without (null). */
  static long compressedBytes(List<byte[]> bodies, byte[] dictionary) {
    try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
      ctx.setLevel(LEVEL);
      ctx.setChecksum(true);
      if (dictionary != null) {
        ctx.loadDict(dictionary);
      }
      long total = 0;
      for (byte[] body : bodies) {
        total += ctx.compress(body).length;
      }
      return total;
    }
  }
}
