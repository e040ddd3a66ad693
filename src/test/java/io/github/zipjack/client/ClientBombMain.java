package io.github.zipjack.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackDecodeException;
import java.net.URI;
import java.net.http.HttpClient;

/**
 * A child process for {@link ClientBombsInASmallHeapTest}, run with a small heap: one client with
 * zipjack's default limits GETs each bomb URI given, then {@code args[0]} (a good answer) on the same
 * client. Prints one tab-separated line per bomb: the URI, {@code <exception> <limit name or ->} (or
 * {@code DECODED}), the milliseconds the bomb took, and {@code NEXT_OK} when the good answer decoded
 * after it. An OutOfMemoryError ends the process with its own non-zero exit.
 */
public final class ClientBombMain {
  private ClientBombMain() {}

  public static void main(String[] args) throws Exception {
    URI good = URI.create(args[0]);
    try (Pipeline pipeline = Pipeline.builder().build();
        CompressedHttpClient client = CompressedHttpClient.builder(HttpClient.newHttpClient(), pipeline).build()) {
      for (int i = 1; i < args.length; i++) {
        long start = System.nanoTime();
        String outcome;
        try {
          client.get(URI.create(args[i]), JsonNode.class);
          outcome = "DECODED";
        } catch (DecodeLimitExceededException e) {
          outcome = e.getClass().getSimpleName() + " " + e.limitName();
        } catch (ZipjackDecodeException e) {
          outcome = e.getClass().getSimpleName() + " -";
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        String next = client.get(good, JsonNode.class).isArray() ? "NEXT_OK" : "NEXT_WRONG";
        System.out.println(args[i] + "\t" + outcome + "\t" + millis + "\t" + next);
      }
    }
  }
}
