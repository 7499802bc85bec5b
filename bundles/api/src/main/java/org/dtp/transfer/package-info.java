/**
 * The operations on transfers that the REST API and the shell offer: list adapters, create, follow,
 * pause, resume and cancel transfers, revoke adapter versions. 1.1: revocations. 1.2: fidelity report. 1.3: every transfer has an owner, per-user lists and limits, a start grace period, events for listeners, {@link org.dtp.transfer.SecretSettings}. 1.4: {@link org.dtp.transfer.AdapterBundles}, every adapter bundle with its state, signer and why it does not serve. 1.5: {@link org.dtp.transfer.TransferService#exporter}, the exporter a new transfer would use, for dry runs. 1.7: {@link org.dtp.transfer.FieldNotKept#side()}, fidelity entries of the source side too. 1.8: every item error and fidelity entry a page at a time ({@link org.dtp.transfer.TransferService#errors}, {@link org.dtp.transfer.TransferService#fidelity}, {@link org.dtp.transfer.ReportPage}), the fields not kept most often ({@link org.dtp.transfer.FidelityReport#mostOften()}). 1.9: selective transfers, {@link org.dtp.transfer.Selection} in requests and details, items not selected per container. Also 1.9: re-runs that copy only what is new or changed: {@link org.dtp.transfer.ItemRecord} per item a transfer handled ({@link org.dtp.transfer.TransferService#items}), {@link org.dtp.transfer.ContainerProgress#updated()} and {@link org.dtp.transfer.ContainerProgress#unchanged()}, the mappings of a user ({@link org.dtp.transfer.MappingScope}). Also 1.9: {@link org.dtp.transfer.TransferJob#syncId()}, the sync a transfer is a run of. Implemented by the engine; used, not implemented, by other bundles.
 */
@Export
@Version("1.9.0")
package org.dtp.transfer;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
