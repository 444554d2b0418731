import java.util.*;
public class EncBench {
    static int encodeBranchy(char[] src, int i, int to, byte[] dst, int p) {
        while (i < to) {
            char c = src[i];
            if (c < 0x80) { dst[p++] = (byte) c; i++; }
            else if (c < 0x800) { dst[p] = (byte) (0xC0 | (c >> 6)); dst[p + 1] = (byte) (0x80 | (c & 0x3F)); p += 2; i++; }
            else if (!Character.isSurrogate(c)) { dst[p] = (byte) (0xE0 | (c >> 12)); dst[p + 1] = (byte) (0x80 | ((c >> 6) & 0x3F)); dst[p + 2] = (byte) (0x80 | (c & 0x3F)); p += 3; i++; }
            else { int cp = Character.toCodePoint(c, src[i+1]); dst[p] = (byte) (0xF0 | (cp >> 18)); dst[p + 1] = (byte) (0x80 | ((cp >> 12) & 0x3F)); dst[p + 2] = (byte) (0x80 | ((cp >> 6) & 0x3F)); dst[p + 3] = (byte) (0x80 | (cp & 0x3F)); p += 4; i += 2; }
        }
        return p;
    }
    static int encodeSelect(char[] src, int i, int to, byte[] dst, int p) {
        while (i < to) {
            int c = src[i];
            if ((c & 0xF800) == 0xD800) {
                int cp = Character.toCodePoint((char) c, src[i+1]); dst[p] = (byte) (0xF0 | (cp >> 18)); dst[p + 1] = (byte) (0x80 | ((cp >> 12) & 0x3F)); dst[p + 2] = (byte) (0x80 | ((cp >> 6) & 0x3F)); dst[p + 3] = (byte) (0x80 | (cp & 0x3F)); p += 4; i += 2;
                continue;
            }
            int two = (0x7F - c) >>> 31;      // 1 if c >= 0x80
            int three = (0x7FF - c) >>> 31;   // 1 if c >= 0x800
            int len = 1 + two + three;
            // lead byte: c | for 2: 0xC0|c>>6 | for 3: 0xE0|c>>12
            int shift = 6 * (two + three);
            int lead = (c >> shift) | (-two & 0xC0) | (-three & 0x20);
            // lead markers: len1: 0, len2: 0xC0, len3: 0xE0
            int mid = 0x80 | ((c >> (6 * three)) & 0x3F);
            int last = 0x80 | (c & 0x3F);
            dst[p] = (byte) lead; dst[p + 1] = (byte) mid; dst[p + 2] = (byte) last;
            p += len; i++;
        }
        return p;
    }
    static int encodeHybrid(char[] src, int i, int to, byte[] dst, int p) {
        while (i < to) {
            int c = src[i];
            if (c < 0x80) { dst[p++] = (byte) c; i++; continue; }
            if ((c & 0xF800) == 0xD800) {
                int cp = Character.toCodePoint((char) c, src[i+1]); dst[p] = (byte) (0xF0 | (cp >> 18)); dst[p + 1] = (byte) (0x80 | ((cp >> 12) & 0x3F)); dst[p + 2] = (byte) (0x80 | ((cp >> 6) & 0x3F)); dst[p + 3] = (byte) (0x80 | (cp & 0x3F)); p += 4; i += 2;
                continue;
            }
            int three = (0x7FF - c) >>> 31;
            dst[p] = (byte) ((c >> (6 + 6 * three)) | 0xC0 | (-three & 0x20));
            dst[p + 1] = (byte) (0x80 | ((c >> (6 * three)) & 0x3F));
            dst[p + 2] = (byte) (0x80 | (c & 0x3F));
            p += 2 + three; i++;
        }
        return p;
    }
    public static void main(String[] a) {
        String[] alphabet = {"a","Z","0"," ","é","ß","κ","ό","€","中","𝄞","😀"};
        Random r = new Random(1); StringBuilder sb = new StringBuilder();
        while (sb.length() < 400_000) sb.append(alphabet[r.nextInt(alphabet.length)]);
        String mode = a.length > 0 ? a[0] : "mixed";
        if (mode.equals("cyclic")) { sb.setLength(0); int k = 0; while (sb.length() < 560_000) sb.append(alphabet[k++ % alphabet.length]); }
        if (mode.equals("ascii")) { sb.setLength(0); while (sb.length() < 1_000_000) sb.append("hello world, json {\"k\":1} "); }
        if (mode.equals("cjk")) { sb.setLength(0); while (sb.length() < 400_000) sb.append("中文字符测试"); }
        char[] src = sb.toString().toCharArray(); byte[] dst = new byte[src.length * 3 + 8];
        byte[] ref = sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int n1 = encodeBranchy(src, 0, src.length, dst, 0); if (!Arrays.equals(ref, Arrays.copyOf(dst, n1))) throw new AssertionError("branchy");
        Arrays.fill(dst,(byte)0);
        int n2 = encodeSelect(src, 0, src.length, dst, 0); if (!Arrays.equals(ref, Arrays.copyOf(dst, n2))) throw new AssertionError("select " + n2 + " " + ref.length);
        Arrays.fill(dst,(byte)0);
        int n3 = encodeHybrid(src, 0, src.length, dst, 0); if (!Arrays.equals(ref, Arrays.copyOf(dst, n3))) throw new AssertionError("hybrid");
        for (int round = 0; round < 8; round++) {
            long t0 = System.nanoTime(); int s = 0;
            for (int k = 0; k < 50; k++) s += encodeBranchy(src, 0, src.length, dst, 0);
            long t1 = System.nanoTime();
            for (int k = 0; k < 50; k++) s += encodeSelect(src, 0, src.length, dst, 0);
            long t2 = System.nanoTime();
            for (int k = 0; k < 50; k++) s += sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            long t3 = System.nanoTime();
            for (int k = 0; k < 50; k++) s += encodeHybrid(src, 0, src.length, dst, 0);
            long t4 = System.nanoTime();
            System.out.printf("hybrid %.2f ", (t4-t3)/50.0/src.length);
            System.out.printf("%s branchy %.2f ns/char, select %.2f ns/char, String.getBytes %.2f (%d)%n", mode, (t1-t0)/50.0/src.length, (t2-t1)/50.0/src.length, (t3-t2)/50.0/src.length, s);
        }
    }
}
