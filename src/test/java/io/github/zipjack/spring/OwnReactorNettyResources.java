package io.github.zipjack.spring;

import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ReactorResourceFactory;

/**
 * Gives a test application event loops and a connection pool of its own, where Boot's default shares
 * Reactor Netty's global ones among every application in the JVM. A test often holds two applications
 * open at once (a service and its caller); with the global resources, closing one disposed the loops
 * and pool the other was still using, and closing the second could then wait forever on a pool
 * already half disposed. Its own resources close with it, without a quiet period and within seconds.
 */
@Configuration(proxyBeanMethods = false)
class OwnReactorNettyResources {
  @Bean
  ReactorResourceFactory reactorResourceFactory() {
    ReactorResourceFactory resources = new ReactorResourceFactory();
    resources.setUseGlobalResources(false);
    resources.setShutdownQuietPeriod(Duration.ZERO);
    resources.setShutdownTimeout(Duration.ofSeconds(5));
    return resources;
  }
}
