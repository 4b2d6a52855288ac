# npyio: a tiny reader/writer for NumPy .npy files of integer dtypes.
#
# Part of the differential test (tests/diff/).  Pure Python, no numpy.
# Arrays are (descr, shape, values): descr is a NumPy dtype string such as
# '<u2' or '|i1', shape a tuple, values a flat list of Python ints in C order.
import ast
import struct
from array import array

MAGIC = b'\x93NUMPY'

_CODES = {(False, 1): 'B', (False, 2): 'H', (False, 4): 'I', (False, 8): 'Q',
          (True, 1): 'b', (True, 2): 'h', (True, 4): 'i', (True, 8): 'q'}
for _k, _c in list(_CODES.items()):
    if array(_c).itemsize != _k[1]:
        for _alt in 'BHILQbhilq':
            if array(_alt).itemsize == _k[1] and _alt.isupper() != _k[0]:
                _CODES[_k] = _alt
                break


class NpyError(Exception):
    pass


def parse_descr(descr):
    """'<u2' -> (byteorder, signed, itemsize); bool is read as unsigned."""
    if len(descr) < 3 or descr[0] not in '<>|=':
        raise NpyError('unsupported dtype %r' % descr)
    kind, size = descr[1], descr[2:]
    if kind not in 'uib' or not size.isdigit() or int(size) not in (1, 2, 4, 8):
        raise NpyError('unsupported dtype %r' % descr)
    order = descr[0]
    if order in '|=':
        order = '<'
    return order, kind == 'i', int(size)


def read_header(data):
    if data[:6] != MAGIC:
        raise NpyError('not a .npy file')
    major = data[6]
    if major == 1:
        hlen = struct.unpack('<H', data[8:10])[0]
        start = 10
    elif major in (2, 3):
        hlen = struct.unpack('<I', data[8:12])[0]
        start = 12
    else:
        raise NpyError('unsupported .npy version %d' % major)
    header = ast.literal_eval(data[start:start + hlen].decode('latin1'))
    return header, start + hlen


def read(path):
    """Returns (descr, shape, fortran_order, values)."""
    with open(path, 'rb') as f:
        data = f.read()
    header, off = read_header(data)
    descr = header['descr']
    shape = tuple(header['shape'])
    order, signed, size = parse_descr(descr)
    count = 1
    for e in shape:
        count *= e
    raw = data[off:off + count * size]
    if len(raw) != count * size:
        raise NpyError('truncated .npy data in %s' % path)
    arr = array(_CODES[(signed, size)])
    arr.frombytes(raw)
    if order == '>' and size > 1:
        arr.byteswap()
    return descr, shape, bool(header.get('fortran_order', False)), list(arr)


def header_bytes(descr, shape):
    if len(shape) == 1:
        sh = '(%d,)' % shape[0]
    else:
        sh = '(' + ', '.join(str(e) for e in shape) + ')'
    d = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, sh)
    total = 10 + len(d) + 1
    pad = (64 - total % 64) % 64
    d = d + ' ' * pad + '\n'
    return MAGIC + b'\x01\x00' + struct.pack('<H', len(d)) + d.encode('latin1')


def encode(descr, values):
    order, signed, size = parse_descr(descr)
    arr = array(_CODES[(signed, size)], values)
    if order == '>' and size > 1:
        arr.byteswap()
    return arr.tobytes()


def write(path, descr, shape, values):
    with open(path, 'wb') as f:
        f.write(header_bytes(descr, tuple(shape)))
        f.write(encode(descr, values))


def dtype_for(signed, width):
    """Smallest NumPy dtype holding the sluice type uN / iN."""
    for size in (1, 2, 4, 8):
        if width <= 8 * size:
            break
    if size == 1:
        return '|%s1' % ('i' if signed else 'u')
    return '<%s%d' % ('i' if signed else 'u', size)
