/**
 * HTTP helpers every adapter may use: {@link org.dtp.spi.http.ProviderHttp}, a small client on
 * {@code java.net.http.HttpClient} that maps a provider's answers to the SPI's exceptions (429, 5xx and
 * I/O failures are transient, with the provider's {@code Retry-After}), signs each request through a
 * {@link org.dtp.spi.http.RequestSigner} (OAuth 1.0a, OAuth 2.0 bearer tokens) and paces requests with a
 * {@link org.dtp.spi.http.RateLimiter}. It never retries: the engine does, per its retry policy.
 * 1.1: the rate limiter slows down on 429 and honours Retry-After for every thread. 1.3: {@link org.dtp.spi.http.TrustStores#load}.
 * 1.4: uploads of unknown length, text answers to uploads ({@link org.dtp.spi.http.ProviderHttp#uploadForText}), and
 * {@code RateLimitAnswers}, a provider's error answers that mean a rate limit under another status.
 * 2.0 (RateLimitAnswers removed, before any release): {@link org.dtp.spi.http.ProviderAnswer} (status, headers, the
 * body's first bytes) carried by the failures, and
 * {@link org.dtp.spi.http.AnswerPolicy}, what a provider's answers mean (transient, a rate limit until when, the
 * destination full), which replaces {@code RateLimitAnswers}; {@link org.dtp.spi.http.ProviderConnection}, a connector's
 * client, limiter, cluster permits, signer and revoke in one object.
 * 2.1: {@link org.dtp.spi.http.ProviderHttp#request}, a request of any method and body
 * ({@link org.dtp.spi.http.ProviderRequest}, {@link org.dtp.spi.http.ProviderResponse}) with its own headers, accepted
 * statuses, deadline and a resend after a closed connection; {@code Builder.outbound} (every host checked, same-origin
 * redirects followed hop by hop), {@code withOutbound} and {@code Builder.sslContext}; a 503 with a Retry-After slows
 * the rate limiter as a 429 does; what a failure quotes never holds a value the signer set.
 * 2.2: a request's body streamed ({@link org.dtp.spi.http.ProviderRequest#body(java.io.InputStream, long, String)}) and
 * its answer's body unread ({@link org.dtp.spi.http.ProviderRequest#open()}), for files of any size in flat memory.
 * 2.3: an answer's body unread with its status and headers ({@link org.dtp.spi.http.ProviderRequest#openResponse()},
 * {@link org.dtp.spi.http.ProviderStreamResponse}), e.g. for a ranged GET.
 */
@Export
@Version("2.3.0")
package org.dtp.spi.http;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
