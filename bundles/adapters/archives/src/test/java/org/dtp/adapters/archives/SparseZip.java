package org.dtp.adapters.archives;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Writes a zip of STORED entries whose content is zeros without writing them: the file gets holes (a sparse file), so
 * a zip of gigabytes costs the test its headers only. Sizes and offsets stay below 4 GiB (no ZIP64).
 */
final class SparseZip {
    private record Written(String name, long size, long crc, long offset) {
    }

    private final List<Written> written = new ArrayList<>();
    private final RandomAccessFile file;

    SparseZip(Path path) throws IOException {
        file = new RandomAccessFile(path.toFile(), "rw");
        file.setLength(0);
    }

    /** An entry of {@code size} zero bytes, left as a hole. */
    SparseZip zeros(String name, long size) throws IOException {
        CRC32 crc = new CRC32();
        byte[] zeros = new byte[1 << 20];
        for (long left = size; left > 0; left -= zeros.length) {
            crc.update(zeros, 0, (int) Math.min(zeros.length, left));
        }
        long offset = file.getFilePointer();
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        file.write(local(nameBytes, size, crc.getValue()));
        file.seek(file.getFilePointer() + size);
        written.add(new Written(name, size, crc.getValue(), offset));
        return this;
    }

    void close() throws IOException {
        long directory = file.getFilePointer();
        for (Written w : written) {
            file.write(central(w));
        }
        long directorySize = file.getFilePointer() - directory;
        ByteBuffer end = ByteBuffer.allocate(22).order(ByteOrder.LITTLE_ENDIAN);
        end.putInt(0x06054b50).putShort((short) 0).putShort((short) 0)
                .putShort((short) written.size()).putShort((short) written.size())
                .putInt((int) directorySize).putInt((int) directory).putShort((short) 0);
        file.write(end.array());
        file.close();
    }

    private static byte[] local(byte[] name, long size, long crc) {
        ByteBuffer b = ByteBuffer.allocate(30 + name.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x04034b50).putShort((short) 10).putShort((short) 0x0800).putShort((short) 0)
                .putShort((short) 0).putShort((short) 0x21)
                .putInt((int) crc).putInt((int) size).putInt((int) size)
                .putShort((short) name.length).putShort((short) 0).put(name);
        return b.array();
    }

    private static byte[] central(Written w) {
        byte[] name = w.name().getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(46 + name.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x02014b50).putShort((short) 20).putShort((short) 10).putShort((short) 0x0800).putShort((short) 0)
                .putShort((short) 0).putShort((short) 0x21)
                .putInt((int) w.crc()).putInt((int) w.size()).putInt((int) w.size())
                .putShort((short) name.length).putShort((short) 0).putShort((short) 0)
                .putShort((short) 0).putShort((short) 0).putInt(0).putInt((int) w.offset()).put(name);
        return b.array();
    }
}
