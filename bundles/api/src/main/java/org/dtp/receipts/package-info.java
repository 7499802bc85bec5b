/**
 * Completeness receipts: a transfer's record of what went where, signed by the server (a JWS), the server's public
 * signing keys (a JWK set), checking a receipt's signature, and checking a receipt against what the destination
 * holds now. Implemented by the engine; used by the REST API and the shell. 1.0: since issue 22.
 */
@Export
@Version("1.0.0")
package org.dtp.receipts;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
