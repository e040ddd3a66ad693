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
import java.util.concurrent.TimeUnit;

/**
 * Receives a response body as the JDK's {@link HttpResponse.BodySubscribers#ofInputStream()} does,
 * and decodes it on {@code executor} while it arrives (reading a body on the client's own threads
 * could stall them). The body's future fails with the decode exception itself; the stream is
 * closed on every path (also when the executor refuses the task), which releases the connection:
 * after a decode failure, a moment later, so that the client reports the decoder's exception.
 */
final class DecodingBodySubscriber<T> implements HttpResponse.BodySubscriber<T> {
  /** How long a body the decoder refused stays open after its future failed. */
  private static final long FAILED_BODY_CLOSE_DELAY_MILLIS = 200;
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
            closeQuietly(in);
          } catch (IOException | RuntimeException | Error e) {
            body.completeExceptionally(e);
            closeAfterTheOutcomeIsTaken(in);
          }
        });
      } catch (RejectedExecutionException e) {
        body.completeExceptionally(e);
        closeQuietly(in);
      }
    });
  }

  /**
   * Closes a body the decoder gave up on, a moment after its future failed. Closing an unread body
   * cancels the exchange, and the client then fails the response with its own error ("bytes
   * received: 0"); it takes the body's outcome on a thread of its own, so a close right after the
   * failure sometimes reached it first and the caller saw that error instead of the decoder's.
   */
  private static void closeAfterTheOutcomeIsTaken(InputStream in) {
    try {
      CompletableFuture.delayedExecutor(FAILED_BODY_CLOSE_DELAY_MILLIS, TimeUnit.MILLISECONDS)
          .execute(() -> closeQuietly(in));
    } catch (RejectedExecutionException e) {
      closeQuietly(in);
    }
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
