/**
 * Where this server may connect for an end user: {@link org.dtp.spi.net.OutboundAddresses}, the one check of the
 * addresses a host named in a user's settings resolves to (no loopback, private, link-local, multicast or own
 * address unless an operator allowed it), and {@link org.dtp.spi.net.CheckedSockets}, socket factories that connect
 * only to the address that was checked.
 */
@Export
@Version("1.0.0")
package org.dtp.spi.net;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
