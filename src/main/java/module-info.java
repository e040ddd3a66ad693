/**
 * zipjack: Java objects to compressed JSON or MessagePack bytes and back, a servlet filter, Spring
 * Boot auto-configuration and an HTTP client.
 *
 * <p>The API is the four exported packages: {@code io.github.zipjack} (the pipeline), {@code .servlet},
 * {@code .spring} and {@code .client}. The engines ({@code io.github.zipjack.codec}), the pooled
 * buffers ({@code io.github.zipjack.buffer}), the HTTP rules the servlet and reactive sides share
 * ({@code io.github.zipjack.http}), the WebFlux writer and filters that the Spring Boot
 * auto-configuration makes ({@code io.github.zipjack.webflux}), and what the JDK client and the
 * Spring clients share (the RFC 9842 dictionary store, {@code io.github.zipjack.client.dictionaries},
 * and the decoders and request compression, {@code io.github.zipjack.client.codings}) are not
 * exported: on the module path no other module can use them, and on the class path they are no API
 * either and may change in any release.
 *
 * <p>Jackson 2 is the one dependency every user has; its types are part of the API, so a module that
 * requires zipjack reads it too. Every other dependency is optional ({@code requires static}): a
 * feature that needs one fails with a message naming the artifact when it is missing, and on the
 * module path an optional module is in the graph only when something requires it (or it is added
 * with {@code --add-modules}). Those whose types appear in the API (Jackson 3, the Servlet API,
 * Spring, Micrometer) cannot be {@code transitive} as well: javac would then demand them on the
 * module path of every module that requires zipjack, used or not; a module that calls such an
 * entry point requires that dependency itself. Two optional dependencies are not listed: msgpack,
 * whose jars declare no module name (a name derived from a file name may change with any release),
 * and aircompressor-v3, whose Java 22+ classes serve on Java 25 only; zipjack reaches both through
 * reflection and method handles, which need no read edge, so they work from the class path beside
 * a zipjack on the module path.
 *
 * <p>Spring and Micrometer are automatic modules: their jars name them in their manifests, which
 * is as stable a name as a module descriptor's, hence no warning for requiring them.
 */
@SuppressWarnings("requires-automatic")
module io.github.zipjack {
  exports io.github.zipjack;
  exports io.github.zipjack.servlet;
  exports io.github.zipjack.spring;
  exports io.github.zipjack.client;

  requires transitive com.fasterxml.jackson.databind;
  requires transitive com.fasterxml.jackson.core;
  requires com.fasterxml.jackson.datatype.jsr310;
  // CompressedHttpClient takes and gives java.net.http types
  requires transitive java.net.http;

  // Jackson 3: Pipeline.Builder.jackson3Mapper and Pipeline.jackson3()
  requires static tools.jackson.databind;
  requires static tools.jackson.core;
  // Accelerator.AFTERBURNER and BLACKBIRD, created by class name
  requires static com.fasterxml.jackson.module.afterburner;
  requires static com.fasterxml.jackson.module.blackbird;
  requires static tools.jackson.module.blackbird;
  // the zstd and brotli engines
  requires static com.github.luben.zstd_jni;
  requires static com.aayushatharva.brotli4j;
  // io.github.zipjack.servlet
  requires static jakarta.servlet;
  // io.github.zipjack.spring: Spring Boot 4 auto-configuration, message converters, RestClient, meters
  requires static spring.core;
  requires static spring.beans;
  requires static spring.context;
  requires static spring.web;
  requires static spring.webmvc;
  requires static spring.boot;
  requires static spring.boot.autoconfigure;
  requires static spring.boot.http.client;
  requires static spring.boot.restclient;
  requires static micrometer.core;
  // io.github.zipjack.webflux: the reactive writer, request filter and WebClient filter
  requires static spring.webflux;
  requires static spring.boot.http.codec;
  requires static spring.boot.webclient;
  requires static reactor.core;
  requires static org.reactivestreams;
  requires static reactor.netty.http;
  // the WebClient's answering URL: Reactor Netty's connection and its channel's attributes
  requires static reactor.netty.core;
  requires static io.netty.transport;
  requires static io.netty.common;
}
