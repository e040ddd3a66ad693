package io.github.zipjack.servlet;

import io.github.zipjack.Compression;
import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.BrotliEngine;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.GzipEngine;
import io.github.zipjack.codec.ZstdEngine;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A child process for {@link BombsInASmallHeapTest}, run with a small heap: decodes each bomb file it
 * is given, with zipjack's default limits, through a pipeline ({@code pipeline:<coding>:<file>}) or
 * the filter's request inflation ({@code request:<coding>:<file>}); the coding {@code msgpack} means
 * uncompressed MessagePack through a pipeline. It prints one tab-separated line
 * per bomb: {@code <pipeline|request>:<file name>}, {@code <exception> <limit name or ->} (or
 * {@code DECODED} if it was not refused), and the milliseconds it took. An OutOfMemoryError ends the process with its own non-zero exit.
 */
public final class BombDecoderMain {
  private BombDecoderMain() {}

  public static void main(String[] args) throws Exception {
    for (String arg : args) {
      String[] parts = arg.split(":", 3);
      Path file = Path.of(parts[2]);
      long start = System.nanoTime();
      String outcome;
      try {
        if (parts[0].equals("pipeline")) {
          decodeWithPipeline(parts[1], file);
        } else {
          inflateAsRequest(parts[1], file);
        }
        outcome = "DECODED";
      } catch (DecodeLimitExceededException e) {
        outcome = e.getClass().getSimpleName() + " " + e.limitName();
      } catch (InflatedRequestTooLargeException e) {
        outcome = e.getClass().getSimpleName() + " " + e.limitName();
      } catch (ZipjackDecodeException e) {
        outcome = e.getClass().getSimpleName() + " -";
      }
      System.out.println(parts[0] + ":" + file.getFileName() + "\t" + outcome + "\t" + (System.nanoTime() - start) / 1_000_000);
    }
  }

  private static Compression compression(String coding) {
    return switch (coding) {
      case "gzip" -> Compression.gzip(6);
      case "zstd" -> Compression.zstd(3);
      case "br" -> Compression.brotli(4);
      default -> throw new IllegalArgumentException("unknown coding " + coding);
    };
  }

  private static void decodeWithPipeline(String coding, Path file) throws Exception {
    Pipeline.Builder builder = coding.equals("msgpack")
        ? Pipeline.builder().format(Format.MSGPACK).compression(Compression.none())
        : Pipeline.builder().compression(compression(coding));
    try (Pipeline pipeline = builder.build();
         InputStream in = Files.newInputStream(file)) {
      pipeline.decode(in, Object.class);
    }
  }

  private static void inflateAsRequest(String coding, Path file) throws Exception {
    EngineConfig config = new EngineConfig(1, 0, 1024, 1, null, Long.MAX_VALUE);
    CompressionEngine engine = switch (coding) {
      case "gzip" -> new GzipEngine(config);
      case "zstd" -> new ZstdEngine(config);
      case "br" -> new BrotliEngine(config);
      default -> throw new IllegalArgumentException("unknown coding " + coding);
    };
    try (engine; InputStream in = new InflatingInputStream(Files.newInputStream(file), engine,
        RequestInflation.DEFAULT_MAX_INFLATED_REQUEST_BYTES, RequestInflation.DEFAULT_MAX_INFLATION_RATIO)) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
    }
  }
}
