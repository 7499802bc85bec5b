/**
 * The operations on transfers that the REST API and the shell offer: list adapters, create, follow,
 * pause, resume and cancel transfers, revoke adapter versions. 1.1: revocations. 1.2: fidelity report. Implemented by the engine; used, not implemented, by other bundles.
 */
@Export
@Version("1.2.0")
package org.dtp.transfer;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
