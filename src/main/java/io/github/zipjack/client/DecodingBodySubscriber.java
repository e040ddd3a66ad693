package io.github.zipjack.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;

/**
 * Receives a response body as the JDK's {@link HttpResponse.BodySubscribers#ofInputStream()} does,
 * and decodes it on {@code executor} while it arrives (reading a body on the client's own threads
 * could stall them). The body's future fails with the decode exception itself; the stream is
 * closed on every path (also when the executor refuses the task), which releases the connection.
 */
final class DecodingBodySubscriber<T> implements HttpResponse.BodySubscriber<T> {
  /** Decodes a body stream; closes it. */
  interface StreamDecoder<T> {
    T decode(InputStream body) throws IOException;
  }

  private final HttpResponse.BodySubscriber<InputStream> upstream = HttpResponse.BodySubscribers.ofInputStream();
  private final CompletableFuture<T> body = new CompletableFuture<>();

  DecodingBodySubscriber(StreamDecoder<T> decoder, Executor executor) {
    upstream.getBody().thenAccept(in -> {
      try {
        executor.execute(() -> {
          try {
            body.complete(decoder.decode(new KeptOpen(in)));
          } catch (IOException | RuntimeException | Error e) {
            body.completeExceptionally(e);
          } finally {
            closeQuietly(in); // after the outcome: closing early makes the client fail the exchange itself
          }
        });
      } catch (RejectedExecutionException e) {
        body.completeExceptionally(e);
        closeQuietly(in);
      }
    });
  }

  /** Closes the body stream, which releases the connection; the body is abandoned either way. */
  private static void closeQuietly(InputStream in) {
    try {
      in.close();
    } catch (IOException ignored) {
      // nothing left to release
    }
  }

  /**
   * The body stream as the decoder sees it: closing it does not close the body, which this
   * subscriber closes once the body's future has its outcome. Closed first, the body cancels the
   * exchange, and the client may fail the response with its own error (a short body) before the
   * decoder's exception (a wrong dictionary, say) reaches the future.
   */
  private static final class KeptOpen extends java.io.FilterInputStream {
    KeptOpen(InputStream in) {
      super(in);
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return in.read(b, off, len);
    }

    @Override
    public void close() {
      // the subscriber closes the body
    }
  }

  @Override
  public CompletionStage<T> getBody() {
    return body;
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    upstream.onSubscribe(subscription);
  }

  @Override
  public void onNext(List<ByteBuffer> item) {
    upstream.onNext(item);
  }

  @Override
  public void onError(Throwable throwable) {
    upstream.onError(throwable);
  }

  @Override
  public void onComplete() {
    upstream.onComplete();
  }
}
