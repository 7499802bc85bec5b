/**
 * What the adapters of Meta's Graph API (Instagram, Facebook) share: {@link org.dtp.adapters.metagraph.GraphApi}
 * over {@link org.dtp.spi.http.ProviderHttp}, with cursor paging ({@code paging.cursors.after}, continued while
 * {@code paging.next} is given), the Graph error body ({@link org.dtp.adapters.metagraph.GraphError}) mapped to the
 * SPI's exceptions (190 expired or revoked token, 4/17/32/613 and 80001-80014 throttling with the wait the usage
 * headers announce, {@link org.dtp.adapters.metagraph.GraphUsage}), and downloads from Meta's CDN hosts only.
 * 2.0 (before any release): {@link org.dtp.adapters.metagraph.GraphConnection} takes a
 * {@link org.dtp.spi.http.ProviderConnection} and a page size, and gives the API of a transfer's user, the revoke and
 * the page size the Instagram and Facebook connectors each repeated.
 * 2.1: {@link org.dtp.adapters.metagraph.GraphApi#userId}, the user's id by which an adapter names its account.
 */
@Export
@Version("2.1.0")
package org.dtp.adapters.metagraph;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
